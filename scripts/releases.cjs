// A remote's releases, for the build and the release script (plain JavaScript cannot import
// TypeScript): the constants mirror shared/src/releases.ts, which TypeScript imports as
// '@fu/shared/releases'; scripts/release.test.ts fails while the two disagree. Types: releases.d.cts.
const path = require('node:path');

/** The file beside every build's entry (and in every release folder) describing it. */
const RELEASE_FILE = 'release.json';

/** Where a remote's origin serves its releases: `<origin>/releases/<version>/remoteEntry.js`. */
const RELEASES_PATH = 'releases';

/** A release's name ('1.0.0-dfc1de6'): one URL path segment. */
const RELEASE_VERSION = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;

/** Words that name no release (the runtime config's and the error metrics' own labels). */
const RESERVED_VERSIONS = ['unreleased', 'other', 'none'];

const root = path.resolve(__dirname, '..');

/** Where releases are kept on this machine: RELEASES_DIR, else `<repo>/releases`; one folder per remote inside. */
function releasesDir(env = process.env) {
  return path.resolve(env.RELEASES_DIR || path.join(root, RELEASES_PATH));
}

module.exports = { RELEASE_FILE, RELEASES_PATH, RELEASE_VERSION, RESERVED_VERSIONS, releasesDir };
