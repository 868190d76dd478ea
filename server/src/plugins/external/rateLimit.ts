import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from '../../errors';
import { sharedRateLimitStore } from './rateLimitStore';

/**
 * Per-client budgets, opted into route by route (`config.rateLimit`): card testing, SMS sends and
 * browser logging are the abuse-prone calls. Refusals use the API's usual `{ message }` shape.
 * The client is `request.ip`: the peer's address, or with TRUST_PROXY the address the trusted
 * proxies saw (app.ts). With Redis (app.redis) every instance counts in one place; without it each
 * process counts its own, so N instances let a client through up to N times the limit (production
 * warns of it at start: configWarnings in config.ts).
 */
export default fp(async function rateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    // With Redis every instance counts in one place; while Redis is away each counts its own.
    ...(app.redis ? { store: sharedRateLimitStore(app.redis) } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
  });
});
