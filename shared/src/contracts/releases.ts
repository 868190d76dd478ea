import { Type, type Static } from 'typebox';
import { RELEASE_VERSION } from '../releases';

// Issue 21: the release registry's admin calls (GET /api/Admin/Releases, POST PromoteRelease and
// RollbackRelease), behind the admin token like every api/Admin call. docs/releasing.md.

const RemoteName = Type.String({ minLength: 1, maxLength: 32, description: "A remote's name: ordering, checkout…" });
const ReleaseVersion = Type.String({
  pattern: RELEASE_VERSION.source,
  description: "A release's name, e.g. 1.0.0-dfc1de6",
});
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const PromoteReleaseRequest = Type.Object({
  remote: RemoteName,
  version: ReleaseVersion,
  /** Percentage of browsers; absent or 100 promotes to everyone, 1–99 runs a canary beside the live release. */
  share: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PromoteReleaseRequest = Static<typeof PromoteReleaseRequest>;

export const RollbackReleaseRequest = Type.Object({ remote: RemoteName });
export type RollbackReleaseRequest = Static<typeof RollbackReleaseRequest>;

export const ReleaseHistoryEntry = Type.Object({
  action: Type.Union([Type.Literal('promote'), Type.Literal('canary'), Type.Literal('rollback')]),
  version: Nullable(Type.String()),
  share: Type.Union([Type.Integer(), Type.Null()]),
  by: Type.String(),
  at: Type.String({ description: 'ISO 8601' }),
});

/** One remote's releases now: what everyone gets, any canary, where a rollback goes. */
export const RemoteReleases = Type.Object({
  remote: Type.String(),
  /** The live release; null: the remote's configured build (its REMOTE_*_URL). */
  live: Nullable(Type.String()),
  liveSince: Nullable(Type.String()),
  liveBy: Nullable(Type.String()),
  /** What RollbackRelease would make live; null: the configured build; absent: nothing to roll back. */
  rollbackTo: Type.Optional(Nullable(Type.String())),
  canary: Type.Union([
    Type.Object({ version: Type.String(), share: Type.Integer(), since: Type.String(), by: Type.String() }),
    Type.Null(),
  ]),
  /** The entry URL the live release is served from. */
  liveEntry: Type.String(),
});
export type RemoteReleases = Static<typeof RemoteReleases>;

export const ReleaseList = Type.Object({
  remotes: Type.Array(Type.Intersect([RemoteReleases, Type.Object({ history: Type.Array(ReleaseHistoryEntry) })])),
});
export type ReleaseList = Static<typeof ReleaseList>;
