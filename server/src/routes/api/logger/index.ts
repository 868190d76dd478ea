import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { logRepository } from '../../../repositories/logs';

/** Spec §7 POST /api/Logger/Log/: errors the browser reports (level 4 for errors), kept and logged. */
const loggerRoutes: FastifyPluginAsyncTypebox<{ perMinute: number }> = async (app, options) => {
  const browserLogs = logRepository(app.database.db);
  app.post(
    '/Log/',
    {
      config: { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } },
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['Logger'],
        body: Type.Object({
          message: Type.String({ minLength: 1, maxLength: 2000 }),
          level: Type.Integer({ minimum: 0, maximum: 6 }),
        }),
        response: { 200: Type.Object({ logged: Type.Boolean() }) },
      },
    },
    async (request) => {
      await browserLogs.add(request.body.level, request.body.message);
      request.log[request.body.level >= 4 ? 'warn' : 'info']({ clientMessage: request.body.message }, 'browser log');
      return { logged: true };
    },
  );
};

export default loggerRoutes;
