// What a remote's release history means now: the live release, the one a rollback returns to, and
// any canary. One pure reading of the registry's events (releases/repositories/releases.ts), used for the
// runtime config, the admin list and the checks before a new event is written.
import type { ReleaseEvent } from '../repositories/releases';

export type { ReleaseEvent };

export interface Canary {
  version: string;
  /** Its server build's SHA-256 as promoted ('none': it had none; null: not recorded). */
  serverBuildSha256: string | null;
  share: number;
  since: Date;
  by: string;
}

export interface ReleaseState {
  /** The release everyone gets (outside a canary); null: the remote's configured build. */
  live: string | null;
  /** The live release's server build's SHA-256 as promoted ('none': it had none; null: not recorded, or the configured build). */
  liveServerBuildSha256: string | null;
  /** When and by whom the live release was made live (a promotion or a rollback); null before any. */
  liveSince: Date | null;
  liveBy: string | null;
  /** What a rollback would make live: null for the configured build, undefined when there is nothing to roll back. */
  rollbackTo: string | null | undefined;
  canary: Canary | null;
}

/**
 * Replays a remote's events, oldest first. A promotion to everyone makes its release live and ends
 * any canary; a canary runs beside the live release until it is promoted, replaced or rolled back;
 * a rollback ends a running canary, or else returns to the release live before the current one
 * (again and again, down to the configured build).
 */
export function releaseState(events: readonly ReleaseEvent[]): ReleaseState {
  // Each entry was made live by `event`: the stack's top is live, the one below is where a rollback goes.
  const stack: { version: string; event: ReleaseEvent }[] = [];
  let canary: Canary | null = null;
  let changed: ReleaseEvent | undefined;
  for (const event of events) {
    if (event.action === 'promote' && event.version) {
      if (stack.at(-1)?.version !== event.version) stack.push({ version: event.version, event });
      canary = null;
      changed = event;
    } else if (event.action === 'canary' && event.version && event.share) {
      canary = {
        version: event.version,
        serverBuildSha256: event.serverBuildSha256,
        share: event.share,
        since: event.at,
        by: event.actor,
      };
    } else if (event.action === 'rollback') {
      if (canary) canary = null;
      else {
        stack.pop();
        changed = event;
      }
    }
  }
  const live = stack.at(-1)?.version ?? null;
  return {
    live,
    liveServerBuildSha256: stack.at(-1)?.event.serverBuildSha256 ?? null,
    liveSince: changed?.at ?? null,
    liveBy: changed?.actor ?? null,
    rollbackTo: canary ? live : stack.length ? (stack.at(-2)?.version ?? null) : undefined,
    canary,
  };
}
