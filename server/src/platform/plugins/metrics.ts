import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectProcessMetrics, httpRequestDuration, httpRequests, registry } from '../http/metrics';
// The admin API's check: the scheme in any case (RFC 7235), the token compared in constant time.
import { bearerMatches } from '../../admin/plugins/adminAuth';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route pattern a request matched ('/api/Orders/GetOrder', '/uploads/*'), never its URL: URLs
 * carry ids and query strings, and a label per URL would grow without bound. Requests no route
 * matched share one value.
 */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Counts every answered request by method, route pattern and status (http_requests_total,
 * http_request_duration_seconds) and serves the registry at GET /metrics. With a token every
 * scrape needs `Authorization: Bearer <token>`; without one, /metrics is open outside production
 * and does not exist in production (404), since its numbers describe the site's traffic and takings.
 */
export default fp(async function metrics(app: FastifyInstance, options: { token?: string; production: boolean }) {
  collectProcessMetrics();

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: METHODS.has(request.method) ? request.method : 'OTHER',
      route: routeOf(request),
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const { token, production } = options;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!token && production) return reply.code(404).send({ message: 'No such endpoint: GET /metrics' });
    if (token && !bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ message: 'Unauthorized' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
