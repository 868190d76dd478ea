import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Health, HealthUnavailable } from '@fu/shared/contracts';
import { RETRY_AFTER_SECONDS } from '../../../errors';
import { pingDatabase } from '../../../repositories/health';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering. Please try again in a moment.';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    { schema: { tags: ['Health'], response: { 200: Health, 503: HealthUnavailable } } },
    async (request, reply) => {
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
  );
};

export default healthRoutes;
