import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../platform/http/errors';
import { requestLanguage } from '../../platform/http/requestLanguage';
import { localize } from '../../platform/i18n/text';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** True when the Authorization header carries exactly the token (constant time, no length leak). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = BEARER.exec(header ?? '')?.[1];
  // Compare digests even without a token so a missing header costs the same as a wrong one.
  return timingSafeEqual(digest(given ?? ''), digest(token)) && given !== undefined;
}

/**
 * Guards every route registered beside it (the admin API and file storage): they need
 * `Authorization: Bearer <ADMIN_API_TOKEN>`. Without a configured token the API is closed (503),
 * never open. Register it inside an encapsulated scope: the hook covers only that scope. The check
 * runs on `onRequest`, before any body (an upload) is read.
 */
export default fp(async function adminAuth(app: FastifyInstance, options: { token: string | undefined }) {
  const { token } = options;
  if (token !== undefined && token.length < 16) {
    app.log.warn('ADMIN_API_TOKEN is shorter than 16 characters; use a long random value.');
  }

  // Each route shows the bearer scheme in the OpenAPI document (/api/docs).
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ adminToken: [] }] };
  });

  app.addHook('onRequest', async (request, reply) => {
    if (token === undefined) {
      // Not the error handler's 503 (no Retry-After: waiting does not configure it).
      return reply.code(503).send({ message: localize(requestLanguage(request), 'The admin API is not configured.') });
    }
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, 'Unauthorized');
    }
  });
});
