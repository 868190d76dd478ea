import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../http/apiPath';

/**
 * API answers are never stored by the browser unless their route sets its own Cache-Control. With
 * none, a browser may reuse an answer heuristically; and the page's HTML preloads its first call
 * afresh on every visit, so a cacheable answer there once showed a paid order as unpaid after Back.
 */
export default fp(async function apiCaching(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
