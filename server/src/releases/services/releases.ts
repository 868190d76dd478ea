// The release registry (issue 21, docs/releasing.md): which release of each remote is live, which
// runs as a canary for a share of browsers, and the promotions and rollbacks that change them. The
// runtime config of every page is built from it, so a change shows on the next page load of every
// instance: this one forgets its cached state at once, the others when PostgreSQL tells them (the
// lookup cache's invalidation, platform/cache/lookupCache.ts) or at the latest when the cache expires.
import { createHash } from 'node:crypto';
import type { ReleaseList, RemoteReleases } from '@fu/shared/contracts';
import { remoteEntryFile, remotes as remoteList, type RemoteName } from '@fu/shared/remotes';
import { RELEASE_VERSION, RESERVED_VERSIONS, UNRELEASED } from '@fu/shared/releases';
import { invalidateLookups, lookupCacheOf } from '../../platform/cache/lookupCache';
import type { Database } from '../../platform/db/client';
import { HttpError } from '../../platform/http/errors';
import type { ReleaseRepository } from '../repositories/releases';
import { releaseFileUrl, releaseGate } from './releaseGate';
import { releaseState, type ReleaseEvent, type ReleaseState } from './releaseState';

export interface ReleaseRegistryOptions {
  db: Database;
  repository: ReleaseRepository;
  /** Each remote's configured entry (REMOTE_*_URL): served when no release is live, and its releases sit beside it. */
  remotes: Readonly<Record<RemoteName, string>>;
  /** The live shell's build manifest file (`<SHELL_DIST>/release.json`). */
  shellManifestFile: string;
  fetch?: typeof globalThis.fetch;
  /** How long reading a release's manifest may take. */
  timeoutMs?: number;
  /** The registry could not be read for a page (which then gets the state last read); once per outage. */
  onReadError?: (error: unknown) => void;
  /** After a failed read, how long pages get the state last read without asking the database. */
  retryAfterMs?: number;
  now?: () => number;
}

/** The remotes' entries and release versions one browser's page gets. */
export interface ServedReleases {
  remotes: Record<RemoteName, string>;
  releases: Record<RemoteName, string>;
  /**
   * The SHA-256 each served release's server build was promoted with (NO_SERVER_BUILD: it had none);
   * absent for a configured build, or a release promoted before pins were kept. Never in the page.
   */
  serverBuildPins: Partial<Record<RemoteName, string>>;
}

const CACHE_KEY = 'release-registry';
const isRemote = (name: string): name is RemoteName => remoteList.some((remote) => remote.name === name);

/**
 * Whether a browser falls in a canary's share. Its seed (a random cookie) and the canary's remote
 * and version pick one of 100 buckets: the same browser keeps its answer for that canary, a larger
 * share keeps everyone a smaller one had, and each canary draws its own browsers.
 */
export function inCanary(seed: string, remote: string, version: string, share: number): boolean {
  const bucket = createHash('sha256').update(`${seed}:${remote}:${version}`).digest().readUInt32BE(0) % 100;
  return bucket < share;
}

/** The release a rollback makes live: none when it only ends a canary; null for the configured build. */
function rollbackTarget(state: ReleaseState): string | null | undefined {
  return state.canary ? undefined : state.rollbackTo;
}

export function releaseRegistry(options: ReleaseRegistryOptions) {
  const { db, repository, remotes, shellManifestFile, fetch = globalThis.fetch, timeoutMs = 5_000 } = options;
  const { onReadError = () => {}, retryAfterMs = 5_000, now = Date.now } = options;
  const gate = releaseGate({ remotes, shellManifestFile, fetch, timeoutMs });
  const checkCompatible = gate.check;
  const cache = lookupCacheOf(db);

  async function allEvents(): Promise<Map<string, ReleaseEvent[]>> {
    return cache.get(CACHE_KEY, () => repository.events());
  }

  // What a page is served when the registry cannot be read (the database away for a moment): the
  // state last read, else every remote's configured build. A page never fails for want of it, and
  // after a failed read pages do not wait on the database again for `retryAfterMs`.
  let lastRead = new Map<string, ReleaseEvent[]>();
  let failedAt: number | undefined;

  async function eventsForPages(): Promise<Map<string, ReleaseEvent[]>> {
    if (failedAt !== undefined && now() - failedAt < retryAfterMs) return lastRead;
    try {
      lastRead = await allEvents();
      failedAt = undefined;
    } catch (error) {
      // One report per outage, not one per page.
      if (failedAt === undefined) onReadError(error);
      failedAt = now();
    }
    return lastRead;
  }

  async function states(events?: Map<string, ReleaseEvent[]>): Promise<Record<RemoteName, ReleaseState>> {
    events ??= await allEvents();
    return Object.fromEntries(
      remoteList.map((remote) => [remote.name, releaseState(events.get(remote.name) ?? [])]),
    ) as Record<RemoteName, ReleaseState>;
  }

  function remoteOf(name: string): RemoteName {
    if (!isRemote(name)) {
      throw new HttpError(
        400,
        `There is no remote called "${name}"; the remotes are ${remoteList.map((r) => r.name).join(', ')}.`,
      );
    }
    return name;
  }

  function versionOf(version: string): string {
    if (!RELEASE_VERSION.test(version)) {
      throw new HttpError(400, `"${version}" is not a release version (letters, digits, '.', '_' and '-').`);
    }
    if (RESERVED_VERSIONS.includes(version)) {
      throw new HttpError(400, `"${version}" is a reserved word, not a release version.`);
    }
    return version;
  }

  function view(remote: RemoteName, state: ReleaseState): RemoteReleases {
    return {
      remote,
      live: state.live,
      liveSince: state.liveSince?.toISOString() ?? null,
      liveBy: state.liveBy,
      ...(state.rollbackTo !== undefined && { rollbackTo: state.rollbackTo }),
      canary: state.canary && {
        version: state.canary.version,
        share: state.canary.share,
        since: state.canary.since.toISOString(),
        by: state.canary.by,
      },
      liveEntry: state.live ? releaseFileUrl(remotes[remote], state.live, remoteEntryFile) : remotes[remote],
    };
  }

  async function changed(): Promise<void> {
    await invalidateLookups(db);
  }

  return {
    /** Each remote's entry and release for a browser whose canary seed is `seed` (none: it is in no canary). */
    async served(seed: string | undefined): Promise<ServedReleases & { canaryRunning: boolean }> {
      const all = await states(await eventsForPages());
      const served: ServedReleases = {
        remotes: {} as Record<RemoteName, string>,
        releases: {} as Record<RemoteName, string>,
        serverBuildPins: {},
      };
      let canaryRunning = false;
      for (const { name } of remoteList) {
        const { live, liveServerBuildSha256, canary } = all[name];
        canaryRunning ||= canary !== null;
        const inTheCanary = canary && seed && inCanary(seed, name, canary.version, canary.share);
        const version = inTheCanary ? canary.version : live;
        const pin = inTheCanary ? canary.serverBuildSha256 : liveServerBuildSha256;
        served.remotes[name] = version ? releaseFileUrl(remotes[name], version, remoteEntryFile) : remotes[name];
        served.releases[name] = version ?? UNRELEASED;
        if (version && pin) served.serverBuildPins[name] = pin;
      }
      return { ...served, canaryRunning };
    },

    /**
     * The live releases and canaries that the live shell cannot run, one sentence each: a shell
     * deployed under live remotes is checked when it starts (releases/plugins/releases.ts).
     */
    async incompatibleLive(): Promise<string[]> {
      const all = await states();
      const running = remoteList.flatMap(({ name }) =>
        [all[name].live, all[name].canary?.version]
          .filter((version): version is string => Boolean(version))
          .map((version) => ({ remote: name, version })),
      );
      const checks = await Promise.all(
        running.map(({ remote, version }) =>
          checkCompatible(remote, version).then(
            () => [],
            (error: unknown) => [`${remote} ${version} is live: ${(error as Error).message}`],
          ),
        ),
      );
      return checks.flat();
    },

    /** Whether `version` is a release of `remote` the registry has served (bounded labels for the metrics). */
    async isKnown(remote: RemoteName, version: string): Promise<boolean> {
      if (version === UNRELEASED) return true;
      return (await allEvents()).get(remote)?.some((event) => event.version === version) ?? false;
    },

    /** Each remote's state and history, newest event first. */
    async list(): Promise<ReleaseList> {
      const events = await allEvents();
      return {
        remotes: remoteList.map(({ name }) => {
          const history = events.get(name) ?? [];
          return {
            ...view(name, releaseState(history)),
            history: [...history].reverse().map((event) => ({
              action: event.action,
              version: event.version,
              share: event.share,
              by: event.actor,
              at: event.at.toISOString(),
            })),
          };
        }),
      };
    },

    /**
     * Makes `version` live for everyone (share absent or 100), or runs it as a canary for `share`% of
     * browsers beside the live release, once the release is found deployed and the live shell meets
     * what it requires.
     */
    async promote(request: {
      remote: string;
      version: string;
      share?: number;
      actor: string;
    }): Promise<RemoteReleases> {
      const remote = remoteOf(request.remote);
      const version = versionOf(request.version);
      const share = request.share ?? 100;
      if (!Number.isInteger(share) || share < 1 || share > 100) {
        throw new HttpError(400, 'The share is a whole percentage of browsers from 1 to 100.');
      }
      const [, serverBuildSha256] = await Promise.all([
        checkCompatible(remote, version),
        gate.serverBuildSha256(remote, version),
      ]);
      const events = await repository.append(remote, (current) => {
        if (releaseState(current).live === version) throw new HttpError(409, `${remote} ${version} is already live.`);
        return share === 100
          ? { remote, action: 'promote', version, serverBuildSha256, actor: request.actor }
          : { remote, action: 'canary', version, share, serverBuildSha256, actor: request.actor };
      });
      await changed();
      return view(remote, releaseState(events));
    },

    /** Ends a running canary, or else makes the release live before the current one live again. */
    async rollback(request: { remote: string; actor: string }): Promise<RemoteReleases> {
      const remote = remoteOf(request.remote);
      // Returning to an earlier release (not ending a canary) needs that release to run on today's shell.
      const target = rollbackTarget(releaseState((await repository.events()).get(remote) ?? []));
      if (target) await checkCompatible(remote, target);
      const events = await repository.append(remote, (current) => {
        const state = releaseState(current);
        if (state.rollbackTo === undefined)
          throw new HttpError(409, `${remote} has no earlier release to roll back to.`);
        if (rollbackTarget(state) !== target) {
          throw new HttpError(409, `${remote}'s releases changed meanwhile: list them again and retry.`);
        }
        return { remote, action: 'rollback', actor: request.actor };
      });
      await changed();
      return view(remote, releaseState(events));
    },
  };
}

export type ReleaseRegistry = ReturnType<typeof releaseRegistry>;
