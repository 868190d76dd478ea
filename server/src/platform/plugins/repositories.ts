import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoriesOf, type Repositories } from '../repositories';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every repository, built once over `app.database` (platform/repositories/index.ts). */
    repositories: Repositories;
  }
}

/** Builds each repository once and hands them to whatever the app registers after it. */
export default fp(async function repositories(
  app: FastifyInstance,
  options: { links: { gatewayUrl: string; appSiteUrl: string } },
) {
  app.decorate('repositories', repositoriesOf(app.database.db, options.links));
});
