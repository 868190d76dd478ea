// A remote's releases (docs/releasing.md): what a build says about the shared singletons, the
// folder a release is kept in, and the names a release goes by. The release script writes these
// files, each remote's server serves them, and the API's registry reads them before a promotion.
import type { RemoteName } from './remotes';

/** The file beside every build's entry (and in every release folder) describing it. */
export const RELEASE_FILE = 'release.json';

/** Where a remote's origin serves its releases: `<origin>/releases/<version>/remoteEntry.js`. */
export const RELEASES_PATH = 'releases';

/**
 * A release's name: the package version and the commit it was built from ('1.0.0-dfc1de6').
 * One URL path segment: letters, digits, '.', '_' and '-', starting with a letter or digit.
 */
export const RELEASE_VERSION = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;

/**
 * Words that name no release: the runtime config's and the error metrics' own labels
 * ('unreleased', and 'other' and 'none' in browser_errors_total). No release may be called so.
 */
export const RESERVED_VERSIONS: readonly string[] = ['unreleased', 'other', 'none'];

/** The version the runtime config gives a remote that no release of the registry serves: its configured build. */
export const UNRELEASED = 'unreleased';

/** What an app's build says about the page's shared singletons (`dist/release.json`). */
export interface BuildManifest {
  /** 'shell' or the remote's name. */
  app: 'shell' | RemoteName;
  /** Semver ranges of what the app needs the page's singletons to be (a remote's build). */
  requires: Record<string, string>;
  /** Exact versions of the singletons the app puts on the page (the shell's build). */
  provides: Record<string, string>;
}

/** A release folder's `release.json`: the build's manifest, named and dated by the release script. */
export interface ReleaseManifest extends BuildManifest {
  version: string;
  /** The full commit hash the release was built from. */
  commit: string;
  /** ISO 8601. */
  builtAt: string;
}
