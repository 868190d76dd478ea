import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listen } from '../cache/invalidationListener';
import { clearLookups, LOOKUPS_CHANGED_CHANNEL } from '../cache/lookupCache';

/**
 * On PostgreSQL, clears this instance's lookup cache whenever any process on the database announces
 * a change (platform/cache/lookupCache.ts invalidateLookups): another instance's admin save or an import is
 * served fresh here within moments, not after the TTL. PGlite is one process: its local clear is enough.
 */
export default fp(async function lookupInvalidation(app: FastifyInstance) {
  const { db, kind, url } = app.database;
  if (kind !== 'postgres' || !url) return;
  const listener = listen({
    url,
    channel: LOOKUPS_CHANGED_CHANNEL,
    onNotice: () => clearLookups(db),
    log: app.log,
  });
  app.addHook('onClose', () => listener.close());
  await listener.ready;
});
