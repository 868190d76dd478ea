import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { tooManyRequests } from '../http/errors';
import { clientKeyOf } from '../http/trustedClient';
import { sharedRateLimitStore } from './rateLimitStore';

/**
 * Per-client budgets, opted into route by route (`config.rateLimit`): card testing, SMS sends and
 * browser logging are the abuse-prone calls. Refusals use the API's usual `{ message }` shape.
 * The client is `request.ip`: the peer's address, or with TRUST_PROXY the address the trusted
 * proxies saw (app.ts); an IPv6 client counts by its /64 network (trustedClient.ts). With Redis (app.redis) every instance counts in one place; without it each
 * process counts its own, so N instances let a client through up to N times the limit (production
 * warns of it at start: configWarnings in config.ts).
 */
export default fp(async function rateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => clientKeyOf(request.ip),
    // With Redis every instance counts in one place; while Redis is away each counts its own.
    ...(app.redis ? { store: sharedRateLimitStore(app.redis) } : {}),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
  });
});
