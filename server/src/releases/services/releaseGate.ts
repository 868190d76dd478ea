// The compatibility gate (issue 21): a remote's release runs on the shell's shared singletons, so it
// goes live only if it is deployed whole and the live shell's build provides a version of each
// singleton that the release's build requires. The same ranges make the federation runtime refuse
// the remote in the browser (strictVersion).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import semver from 'semver';
import { remoteEntryFile, type RemoteName } from '@fu/shared/remotes';
import { RELEASE_FILE, RELEASES_PATH, type BuildManifest, type ReleaseManifest } from '@fu/shared/releases';
import { HttpError } from '../../platform/http/errors';
import { SERVER_BUILD_PATH } from '../../pages/render/firstScreens';

/** What a release without a server build is pinned to: none may be run for it, whatever appears later. */
export const NO_SERVER_BUILD = 'none';

/** A release.json is a few hundred bytes; anything much larger is not one. */
const MAX_MANIFEST_CHARS = 64 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Where a remote's release lives: `<beside its configured entry>/releases/<version>/<file>`. */
export function releaseFileUrl(configuredEntry: string, version: string, file: string): string {
  return new URL(`${RELEASES_PATH}/${version}/${file}`, configuredEntry).href;
}

/**
 * Why `release` cannot run on `shell`: one sentence per requirement the shell does not meet,
 * empty when it meets them all.
 */
export function unmetRequirements(
  label: string,
  release: Pick<BuildManifest, 'requires'>,
  shell: Pick<BuildManifest, 'provides'>,
): string[] {
  return Object.entries(release.requires).flatMap(([name, range]) => {
    const provided = shell.provides[name];
    if (provided === undefined) return [`${label} needs ${name} ${range}, but the live shell provides none.`];
    if (semver.validRange(range) === null) return [`${label} needs ${name} "${range}", which is not a version range.`];
    if (!semver.satisfies(provided, range, { includePrerelease: true })) {
      return [`${label} needs ${name} ${range}, but the live shell provides ${provided}.`];
    }
    return [];
  });
}

export interface ReleaseGateOptions {
  /** Each remote's configured entry: its releases sit beside it. */
  remotes: Readonly<Record<RemoteName, string>>;
  /** The live shell's build manifest file (`<SHELL_DIST>/release.json`). */
  shellManifestFile: string;
  fetch: typeof globalThis.fetch;
  /** How long reading one of a release's files may take. */
  timeoutMs: number;
}

/** Reads a release where it is deployed and the live shell's manifest, and says whether they fit. */
export function releaseGate({ remotes, shellManifestFile, fetch, timeoutMs }: ReleaseGateOptions) {
  /** GETs a file of a release where it is deployed: no redirects followed, a bounded wait. */
  async function fetchReleaseFile(url: string, method: 'GET' | 'HEAD' = 'GET'): Promise<Response> {
    try {
      return await fetch(url, { method, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new HttpError(503, `Could not read ${url} to check the release: ${(error as Error).message}.`);
    }
  }

  /**
   * The release's manifest as its origin serves it, once its entry answers there too: proof that it
   * is deployed, and what it needs.
   */
  async function releaseManifest(remote: RemoteName, version: string): Promise<ReleaseManifest> {
    const url = releaseFileUrl(remotes[remote], version, RELEASE_FILE);
    const entryUrl = releaseFileUrl(remotes[remote], version, remoteEntryFile);
    const [response, entry] = await Promise.all([fetchReleaseFile(url), fetchReleaseFile(entryUrl, 'HEAD')]);
    if (response.status === 404) {
      throw new HttpError(404, `There is no release ${version} of ${remote}: ${url} was not found.`);
    }
    if (!response.ok) {
      throw new HttpError(503, `Could not read ${url} to check the release: it answered ${response.status}.`);
    }
    if (!entry.ok) {
      throw new HttpError(
        409,
        `Release ${version} of ${remote} is not completely deployed: ${entryUrl} answered ${entry.status}.`,
      );
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    const text = declared > MAX_MANIFEST_CHARS ? '' : await response.text();
    const manifest = (text.length <= MAX_MANIFEST_CHARS ? parseJson(text) : undefined) as
      Partial<ReleaseManifest> | undefined;
    if (
      manifest?.app !== remote ||
      manifest.version !== version ||
      typeof manifest.requires !== 'object' ||
      !manifest.requires
    ) {
      throw new HttpError(409, `${url} does not describe release ${version} of ${remote}.`);
    }
    return manifest as ReleaseManifest;
  }

  async function shellManifest(): Promise<BuildManifest> {
    try {
      const manifest = JSON.parse(await readFile(shellManifestFile, 'utf8')) as Partial<BuildManifest>;
      if (typeof manifest.provides === 'object' && manifest.provides) return manifest as BuildManifest;
    } catch {
      // Reported below.
    }
    throw new HttpError(
      409,
      `The live shell's build has no readable ${shellManifestFile}: build the shell (npm run build) before releasing remotes.`,
    );
  }

  /** Refuses, with one sentence per unmet requirement, a release the live shell cannot run. */
  async function checkCompatible(remote: RemoteName, version: string): Promise<void> {
    const [release, shell] = await Promise.all([releaseManifest(remote, version), shellManifest()]);
    const problems = unmetRequirements(`${remote} ${version}`, release, shell);
    if (problems.length) throw new HttpError(409, problems.join(' '));
  }

  /**
   * The SHA-256 of the release's server build as its origin serves it now, or NO_SERVER_BUILD: the
   * registry pins what it promotes, and the render worker runs that file and no other (issue 33).
   */
  async function serverBuildSha256(remote: RemoteName, version: string): Promise<string> {
    const url = releaseFileUrl(remotes[remote], version, SERVER_BUILD_PATH);
    const response = await fetchReleaseFile(url);
    if (response.status === 404) return NO_SERVER_BUILD;
    if (!response.ok) {
      throw new HttpError(503, `Could not read ${url} to pin the release: it answered ${response.status}.`);
    }
    return createHash('sha256')
      .update(Buffer.from(await response.arrayBuffer()))
      .digest('hex');
  }

  return { check: checkCompatible, serverBuildSha256 };
}
