import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/config';
import { contentSecurityPolicy } from '../http/csp';

/**
 * helmet's headers for these options, worked out once. Every option here is static (no nonces,
 * no per-request directives), so every response gets the same set. @fastify/helmet rebuilt the
 * helmet middleware on each request (parsing the CSP again), which cost more than some routes.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Security headers, with a CSP that names the remote origins the shell loads code from. */
export default fp(async function security(app: FastifyInstance, options: { config: Config }) {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(Object.values(options.config.remotes), options.config.gatewayUrl),
    },
    // Remote code is loaded cross-origin with CORS; COEP would block it for no gain here.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
