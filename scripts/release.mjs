// Makes an immutable release of one remote: builds it (its own `npm run build`, which also writes the
// pre-compressed copies) unless --no-build, then copies its dist/ into
// `<RELEASES_DIR or <repo>/releases>/<remote>/<version>/` with a release.json naming the version and
// commit (a ReleaseManifest, shared/src/releases.ts). The remote's server serves the folder at
// `releases/<version>/` beside the remote's entry (server/src/serve-remote.ts, or a CDN; docs/releasing.md).
//
//   npm run release --workspace remote-checkout [-- --no-build --version <name>]
//   node scripts/release.mjs --remote checkout [--no-build] [--version <name>]
//
// The version is `<package.json version>-<7-character commit>`; --version names a rehearsal instead.
// A release folder is never written twice: an existing one is refused. Exit 2 on a refusal.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { RELEASE_FILE, RELEASES_PATH, RELEASE_VERSION, RESERVED_VERSIONS, releasesDir } = require('./releases.cjs');
const remoteList = require('@fu/shared/remotes.json');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const remotes = Object.entries(remoteList.remotes).map(([name, remote]) => ({ name, ...remote }));
const usage = `Usage: npm run release --workspace <remote folder> [-- --no-build] [--version <name>], or node scripts/release.mjs --remote ${remotes.map((remote) => remote.name).join('|')} [--no-build] [--version <name>]`;

/** Stops with one sentence and exit code 2. */
function refuse(sentence) {
  console.error(sentence);
  process.exit(2);
}

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

let values;
try {
  ({ values } = parseArgs({
    options: {
      remote: { type: 'string' },
      version: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  refuse(`${error.message}\n${usage}`);
}

// npm runs a workspace's script in the workspace's folder: that folder names the remote.
const remote = values.remote
  ? remotes.find((candidate) => candidate.name === values.remote)
  : remotes.find((candidate) => path.resolve(root, candidate.folder) === process.cwd());
if (!remote) refuse(values.remote ? `There is no remote called ${values.remote}.\n${usage}` : usage);

const folder = path.join(root, remote.folder);
const packageVersion = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).version;
const commit = git('rev-parse', 'HEAD');
const version = values.version ?? `${packageVersion}-${git('rev-parse', '--short=7', 'HEAD')}`;
if (RESERVED_VERSIONS.includes(version)) refuse(`"${version}" is a reserved word, not a release version.`);
if (!RELEASE_VERSION.test(version)) {
  refuse(
    `The version "${version}" is not a release name: letters, digits, '.', '_' and '-', starting with a letter or digit, at most 64 characters.`,
  );
}

const remoteReleases = path.join(releasesDir(), remote.name);
const target = path.join(remoteReleases, version);
const exists = `Release ${version} of ${remote.name} already exists at ${target}: a release is never changed, so make a new one (commit, or pass --version).`;
if (existsSync(target)) refuse(exists);

if (git('status', '--porcelain')) {
  console.warn(
    `Warning: the working tree has uncommitted changes, so release ${version} is not reproducible from its commit ${commit.slice(0, 7)}.`,
  );
}

// A new build goes to a folder of its own, not to <remote>/dist: that folder is what the remote's
// server serves as its configured build, and making a release must not change what anyone is served.
let dist = path.join(folder, 'dist');
let buildDir;
if (!values['no-build']) {
  buildDir = mkdtempSync(path.join(os.tmpdir(), `fu-release-${remote.name}-`));
  console.log(`Building ${remote.name} into ${buildDir}…`);
  const steps = [
    ['npx', ['--no-install', 'webpack', '--mode', 'production', '--output-path', buildDir]],
    [process.execPath, [path.join(root, 'scripts', 'precompress.cjs'), buildDir]],
  ];
  for (const [command, args] of steps) {
    const step = spawnSync(command, args, { cwd: folder, stdio: 'inherit' });
    if (step.status !== 0) {
      rmSync(buildDir, { recursive: true, force: true });
      console.error(`The build of ${remote.name} failed: nothing was released.`);
      process.exit(step.status || 1);
    }
  }
  dist = buildDir;
}
process.on('exit', () => buildDir && rmSync(buildDir, { recursive: true, force: true }));

const builtManifest = path.join(dist, RELEASE_FILE);
if (!existsSync(path.join(dist, remoteList.entryFile)) || !existsSync(builtManifest)) {
  refuse(
    `${remote.folder}/dist has no ${remoteList.entryFile} and ${RELEASE_FILE}: build it first (npm run build --workspace ${remote.folder}), or leave out --no-build.`,
  );
}
const build = JSON.parse(readFileSync(builtManifest, 'utf8'));
if (build.app !== remote.name) {
  refuse(`${remote.folder}/dist/${RELEASE_FILE} describes a build of ${build.app}, not of ${remote.name}: rebuild it.`);
}

/** @type {import('../shared/src/releases').ReleaseManifest} */
const manifest = {
  app: build.app,
  version,
  commit,
  // When the build wrote its manifest: with --no-build that may be well before this release.
  builtAt: statSync(builtManifest).mtime.toISOString(),
  requires: build.requires,
  provides: build.provides,
};

/**
 * Makes `folder` and everything in it readable by every user (folders 0755, files 0644): a CDN origin
 * or file server running as another user must read a release, whatever the umask and the modes of the
 * build it was copied from (a build folder from mkdtemp is 0700). Symbolic links are left alone.
 */
function readableByAll(folder) {
  chmodSync(folder, 0o755);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) readableByAll(file);
    else if (entry.isFile()) chmodSync(file, 0o644);
  }
}

// Written beside its final place and renamed into it, so a release folder is whole or absent. A
// dot-name: the servers do not serve it meanwhile. Folders this makes on the way are readable by all too.
const firstCreated = mkdirSync(remoteReleases, { recursive: true });
if (firstCreated) {
  for (let folder = remoteReleases; folder.startsWith(firstCreated); folder = path.dirname(folder)) {
    chmodSync(folder, 0o755);
  }
}
const temporary = path.join(remoteReleases, `.${version}.${process.pid}.tmp`);
rmSync(temporary, { recursive: true, force: true });
try {
  // The build stamp is scripts/build.mjs's cache key, not part of the remote.
  cpSync(dist, temporary, { recursive: true, filter: (file) => !path.basename(file).startsWith('.build-stamp') });
  writeFileSync(path.join(temporary, RELEASE_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  // A pre-compressed copy of the build's manifest would be sent instead of this one.
  for (const copy of ['.br', '.gz']) rmSync(path.join(temporary, RELEASE_FILE + copy), { force: true });
  readableByAll(temporary);
  if (existsSync(target)) throw Object.assign(new Error(exists), { code: 'EEXIST' });
  renameSync(temporary, target);
} catch (error) {
  rmSync(temporary, { recursive: true, force: true });
  if (error?.code === 'ENOTEMPTY' || error?.code === 'EEXIST') refuse(exists);
  throw error;
}

// Beside the remote's configured entry, where the registry looks for it (releaseFileUrl in
// server/src/releases/services/releases.ts): http://localhost:8082/releases/<version>/remoteEntry.js by default.
const entry =
  process.env[remote.urlEnv] ||
  `http://localhost:${process.env[remote.portEnv] || remote.port}/${remoteList.entryFile}`;
console.log(`Released ${remote.name} ${version} (commit ${commit.slice(0, 7)}) to ${target}`);
console.log(`Its entry: ${new URL(`${RELEASES_PATH}/${version}/${remoteList.entryFile}`, entry).href}`);
