import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../platform/http/errors';
import { text } from '../../platform/i18n/text';

const ADMIN_PATHS = /^\/api\/(Admin|AWSS3Controller)\//;

/**
 * The external admin app (ADMIN_BASE_URL) runs on its own origin and may call the admin API from
 * the browser with its bearer token, so those paths answer CORS for that one origin. Every other
 * path stays same-origin, untouched. Registered at the root, ahead of the token check, so
 * preflights (which carry no token) succeed and a 401 is readable by the admin app.
 */
export default fp(async function adminCors(app: FastifyInstance, options: { adminBaseUrl: string }) {
  let origin: string;
  try {
    origin = new URL(options.adminBaseUrl).origin;
  } catch {
    app.log.warn(`ADMIN_BASE_URL is not a URL (${options.adminBaseUrl}); the admin API answers no CORS.`);
    return;
  }

  app.addHook('onRequest', async (request, reply) => {
    if (!ADMIN_PATHS.test(request.url)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, POST')
        .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Admin-User')
        .header('Access-Control-Max-Age', '600')
        .header('Content-Length', '0')
        .send();
    }
  });

  // Preflights need a route to reach the hook above; anything else sent with OPTIONS is a 404.
  for (const path of ['/api/Admin/*', '/api/AWSS3Controller/*']) {
    app.options(path, { schema: { hide: true } }, async (request) => {
      throw notFound(text('server.error.noSuchEndpoint', { method: 'OPTIONS', path: request.url.split('?')[0] }));
    });
  }
});
