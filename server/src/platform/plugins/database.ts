import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Makes the open database available to routes and closes it when the server stops. */
export default fp(async function database(app: FastifyInstance, options: { handle: DatabaseHandle }) {
  app.decorate('database', options.handle);
  app.addHook('onClose', async () => options.handle.close());
});
