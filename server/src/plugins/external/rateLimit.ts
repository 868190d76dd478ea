import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from '../../errors';

/**
 * Per-client budgets, opted into route by route (`config.rateLimit`): card testing, SMS sends and
 * browser logging are the abuse-prone calls. Refusals use the API's usual `{ message }` shape.
 */
export default fp(async function rateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
  });
});
