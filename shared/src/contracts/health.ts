import { Type, type Static } from 'typebox';

const DatabaseKind = Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]);

/** GET /api/health (liveness): 200 while the process answers, whatever its dependencies do. */
export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: DatabaseKind,
});
export type Health = Static<typeof Health>;

/**
 * GET /api/ready (readiness): 200 while every dependency (the database, Redis when configured)
 * answers. `warnings`: what an operator should look at that does not stop the instance serving,
 * e.g. "2 e-mails have waited longer than they should (see outbox_overdue_messages)."
 */
export const Ready = Type.Object({
  status: Type.Literal('ready'),
  warnings: Type.Optional(Type.Array(Type.String())),
});
export type Ready = Static<typeof Ready>;

/**
 * GET /api/ready: 503 while a dependency does not answer, so a load balancer takes the instance out
 * of rotation. `down` names them ('database', 'redis'); the reasons are in the server's log.
 */
export const NotReady = Type.Object({
  status: Type.Literal('unavailable'),
  message: Type.String(),
  down: Type.Array(Type.String()),
});
export type NotReady = Static<typeof NotReady>;
