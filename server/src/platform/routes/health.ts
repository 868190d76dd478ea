import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { RETRY_AFTER_SECONDS } from '../http/errors';
import { endpointRoute } from './endpointRoute';

/** The 503 sentence of GET /api/ready for the dependencies that do not answer. */
export const notReadyMessage = (down: readonly string[]) =>
  `Not ready: ${down.join(', ')} ${down.length === 1 ? 'is' : 'are'} not answering.`;

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Health'];
  const { path } = endpoints.health.health;
  // Liveness: the process runs and answers. No dependency is asked, so a database outage takes
  // instances out of rotation (/api/ready) without an orchestrator restarting every one of them.
  // Also with a trailing slash, which it answered as its prefix's '/' route: a load balancer may be
  // configured with either. The API document lists the map's path only.
  for (const url of [path, `${path}/`]) {
    const route = endpointRoute(endpoints.health.health, { tags });
    app.route({
      ...route,
      url,
      schema: { ...route.schema, ...(url !== path && { hide: true }) },
      handler: async () => ({ status: 'ok' as const, database: app.database.kind }),
    });
  }

  app.route({
    ...endpointRoute(endpoints.health.ready, {
      tags,
      description:
        "200 while every dependency answers (the database's `select 1`, Redis when configured), each within 2 s, " +
        'with `warnings` when something needs an operator but does not stop this instance serving (messages waiting too long, file storage refusing its credentials); ' +
        '503 naming those that do not. The reasons go to the log only: they may name internal hosts.',
    }),
    handler: async (request, reply) => {
      // The answer of this moment: no proxy between the load balancer and us may keep it.
      reply.header('Cache-Control', 'no-store');
      const failed = await app.unreadyDependencies();
      if (failed.length === 0) {
        const warnings = await app.readinessWarnings();
        return { status: 'ready' as const, ...(warnings.length > 0 && { warnings }) };
      }
      for (const { name, error } of failed) request.log.error({ err: error, dependency: name }, 'not ready');
      const down = failed.map(({ name }) => name);
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const, message: notReadyMessage(down), down });
    },
  });
};

export default healthRoutes;
