import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { ServedReleases } from './services/releases';

/**
 * What the shell reads on every page load: where the API is, and where each remote is for this
 * browser (the registry's live release or its canary, services/releases.ts) with its version.
 */
export function runtimeConfig(config: Pick<Config, 'adminBaseUrl'>, served: ServedReleases) {
  return { apiBaseUrl: '', remotes: served.remotes, releases: served.releases, adminBaseUrl: config.adminBaseUrl };
}

export async function runtimeConfigRoute(app: FastifyInstance, options: { config: Config }) {
  app.get('/runtime-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return runtimeConfig(options.config, await reply.servedReleases());
  });
}
