import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { logRepository } from '../../../repositories/logs';
import { endpointRoute } from '../../endpointRoute';

/** Spec §7 POST /api/Logger/Log/: errors the browser reports (level 4 for errors), kept and logged. */
const loggerRoutes: FastifyPluginAsyncTypebox<{ perMinute: number }> = async (app, options) => {
  const browserLogs = logRepository(app.database.db);
  app.route({
    ...endpointRoute(endpoints.logger.log, {
      tags: ['Logger'],
      config: { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } },
    }),
    bodyLimit: 8 * 1024,
    handler: async (request) => {
      await browserLogs.add(request.body.level, request.body.message);
      request.log[request.body.level >= 4 ? 'warn' : 'info']({ clientMessage: request.body.message }, 'browser log');
      return { logged: true };
    },
  });
};

export default loggerRoutes;
