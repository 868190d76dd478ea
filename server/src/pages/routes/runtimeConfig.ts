import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config';
import { runtimeConfig } from '../runtimeConfig';

/** GET /runtime-config.json, for a page without the config inline (docs/architecture.md): never cached. */
export default async function runtimeConfigRoutes(app: FastifyInstance, options: { config: Config }) {
  app.get('/runtime-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return runtimeConfig(options.config, await reply.servedReleases());
  });
}
