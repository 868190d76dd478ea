import { Type, type Static } from 'typebox';

const DatabaseKind = Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]);

/** GET /api/health: 200 while the database answers. */
export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: DatabaseKind,
});
export type Health = Static<typeof Health>;

/** GET /api/health: 503 while it does not, so a load balancer takes the instance out of rotation. */
export const HealthUnavailable = Type.Object({
  status: Type.Literal('unavailable'),
  database: DatabaseKind,
  message: Type.String(),
});
export type HealthUnavailable = Static<typeof HealthUnavailable>;
