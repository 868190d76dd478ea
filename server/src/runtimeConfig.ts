import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

/** What the shell reads on every page load: where the API and each remote live. */
export function runtimeConfig(config: Config) {
  return { apiBaseUrl: '', remotes: config.remotes, adminBaseUrl: config.adminBaseUrl };
}

export async function runtimeConfigRoute(app: FastifyInstance, options: { config: Config }) {
  const body = runtimeConfig(options.config);
  app.get('/runtime-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return body;
  });
}
