import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reminderJobPass } from '../../services/reminders';

/**
 * Runs the reminder texts job every `intervalMinutes` (0 turns it off). Safe on several
 * instances at once: the job claims each text in the database before sending it.
 */
export default fp(async function reminderJob(
  app: FastifyInstance,
  options: { intervalMinutes: number; publicUrl: string },
) {
  if (options.intervalMinutes <= 0) return;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const sent = await reminderJobPass(app.database.db, app.sms, {
        publicUrl: options.publicUrl,
        log: (message) => app.log.warn(message),
      });
      if (sent) app.log.info(`reminder texts sent: ${sent}`);
    } catch (error) {
      app.log.error({ err: error }, 'reminder job failed');
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), options.intervalMinutes * 60_000);
    timer.unref();
    setImmediate(() => void run());
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
