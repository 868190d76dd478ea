import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backgroundJob, type OnJobPass } from '../../platform/plugins/backgroundJob';
import { reminderJobPass } from '../services/reminders';

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
 * one runs each pass (an advisory lock, platform/repositories/jobLocks.ts); the claim of each text in the
 * database still makes it go out once whatever happens. Closing the server stops the timer, starts
 * no new pass and waits for the running one, so no text is left claimed but unsent by a deploy.
 */
export default fp(async function reminderJob(
  app: FastifyInstance,
  options: { intervalMinutes: number; publicUrl: string; onPass?: OnJobPass },
) {
  const job = backgroundJob(app, {
    job: 'reminders',
    onPass: options.onPass,
    pass: (runOptions: { now?: Date } = {}) =>
      reminderJobPass(app.repositories, app.sms, {
        publicUrl: options.publicUrl,
        now: runOptions.now,
        log: (message) => app.log.warn(message),
      }),
  });
  app.decorate('runReminderPass', (runOptions?: { now?: Date }) => job.run(runOptions ?? {}));
  if (options.intervalMinutes <= 0) return;
  job.schedule(options.intervalMinutes * 60_000, {
    atStart: true,
    report: (sent) => {
      if (sent) app.log.info(`reminder texts sent: ${sent}`);
    },
  });
});
