import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { contentSecurityPolicy } from '../../csp';

/** Security headers, with a CSP that names the remote origins the shell loads code from. */
export default fp(async function security(app: FastifyInstance, options: { config: Config }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(Object.values(options.config.remotes), options.config.gatewayUrl),
    },
    // Remote code is loaded cross-origin with CORS; COEP would block it for no gain here.
    crossOriginEmbedderPolicy: false,
  });
});
