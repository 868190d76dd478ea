import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { RETRY_AFTER_SECONDS } from '../../../errors';
import { pingDatabase } from '../../../repositories/health';
import { endpointRoute } from '../../endpointRoute';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering. Please try again in a moment.';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { path } = endpoints.health.health;
  // Also with a trailing slash, which it answered as its prefix's '/' route: a load balancer may be
  // configured with either. The API document lists the map's path only.
  for (const url of [path, `${path}/`]) {
    const route = endpointRoute(endpoints.health.health, { tags: ['Health'] });
    app.route({
      ...route,
      url,
      schema: { ...route.schema, ...(url !== path && { hide: true }) },
      handler: async (request, reply) => {
        const database = app.database.kind;
        try {
          await pingDatabase(app.database.db);
        } catch (error) {
          request.log.error({ err: error }, 'health check: the database does not answer');
          return reply
            .code(503)
            .header('Retry-After', String(RETRY_AFTER_SECONDS))
            .send({ status: 'unavailable' as const, database, message: DATABASE_UNAVAILABLE_MESSAGE });
        }
        return { status: 'ok' as const, database };
      },
    });
  }
};

export default healthRoutes;
