import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { routeOf } from './metrics';

/** Paths that carry a secret in the path itself: the parent's consent link (/ParentConsent/{token}). */
const SECRET_IN_PATH = /^(\/parentconsent\/)[^/]+/i;

/**
 * How a request appears in any log line that includes it (Fastify's `req` serializer): its path
 * without the query string, which can carry phone numbers and e-mail addresses, and without a
 * token a path carries.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: (request.url.split('?')[0] ?? '').replace(SECRET_IN_PATH, '$1…'),
    remoteAddress: request.ip,
  };
}

/**
 * One line per finished request (LOG_REQUESTS): the request id (`reqId`, as on every line of the
 * request and in its X-Request-Id answer header), method, route pattern, status and milliseconds.
 * The route pattern, not the URL: no ids, no query string.
 */
export default fp(async function requestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: routeOf(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request done',
    );
  });
});
