import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runExclusive, type JobName, type JobOutcome } from '../../repositories/jobLocks';
import { reminderJobPass } from '../../services/reminders';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One reminder pass now (also run at start and every interval); tests call it. The texts sent,
     * or undefined when the pass did not run (another instance is running it, or the server is closing).
     */
    runReminderPass(options?: { now?: Date }): Promise<number | undefined>;
  }
}

/**
 * Runs the reminder texts job every `intervalMinutes` (0 turns the timer off). Of several instances
 * one runs each pass (an advisory lock, repositories/jobLocks.ts); the claim of each text in the
 * database still makes it go out once whatever happens. Closing the server stops the timer, starts
 * no new pass and waits for the running one, so no text is left claimed but unsent by a deploy.
 */
export default fp(async function reminderJob(
  app: FastifyInstance,
  options: { intervalMinutes: number; publicUrl: string; onPass?: (job: JobName, outcome: JobOutcome) => void },
) {
  let running: Promise<number | undefined> | undefined;
  let closing = false;

  const pass = async (now?: Date): Promise<number | undefined> => {
    try {
      const result = await runExclusive(app.database, 'reminders', () =>
        reminderJobPass(app.database.db, app.sms, {
          publicUrl: options.publicUrl,
          now,
          log: (message) => app.log.warn(message),
        }),
      );
      options.onPass?.('reminders', result.ran ? 'ran' : 'skipped');
      return result.ran ? result.value : undefined;
    } catch (error) {
      options.onPass?.('reminders', 'failed');
      throw error;
    }
  };
  // Passes never overlap within an instance: a second call while one runs waits for it and skips.
  const run = async (runOptions: { now?: Date } = {}): Promise<number | undefined> => {
    if (closing) return undefined;
    if (running) {
      await running.catch(() => undefined);
      return undefined;
    }
    running = pass(runOptions.now).finally(() => {
      running = undefined;
    });
    return running;
  };
  app.decorate('runReminderPass', run);

  let timer: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
  if (options.intervalMinutes <= 0) return;

  const scheduled = async () => {
    try {
      const sent = await run();
      if (sent) app.log.info(`reminder texts sent: ${sent}`);
    } catch (error) {
      app.log.error({ err: error }, 'reminder job failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void scheduled(), options.intervalMinutes * 60_000);
    timer.unref();
    setImmediate(() => void scheduled());
  });
});
