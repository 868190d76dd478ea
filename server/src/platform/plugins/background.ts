import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs work after the answer is sent, so the answer's timing says nothing about what the work
     * found (a phone lookup answers known and unknown numbers alike). Failures are logged.
     */
    runInBackground(name: string, work: () => Promise<unknown>): void;
    /** Resolves when every piece of background work started so far has finished (tests, close). */
    backgroundIdle(): Promise<void>;
  }
}

export default fp(async function background(app: FastifyInstance) {
  const running = new Set<Promise<unknown>>();
  app.decorate('runInBackground', (name: string, work: () => Promise<unknown>) => {
    const task = Promise.resolve()
      .then(work)
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => running.delete(task));
    running.add(task);
  });
  app.decorate('backgroundIdle', async () => {
    while (running.size) await Promise.all(running);
  });
  // Finish while the database is still open.
  app.addHook('preClose', async () => app.backgroundIdle());
});
