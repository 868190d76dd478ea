import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runExclusive, type JobName, type JobOutcome } from '../../repositories/jobLocks';
import { recordText } from '../../metrics';
import type { RetryReport, SmsProvider } from '../../sms';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One pass of the text retry job now (tests call it, passing the time it runs at): the failed
     * texts due by then are sent again. Undefined when the pass did not run (another instance is
     * running it, or the server is closing).
     */
    retryTexts(options?: { now?: Date }): Promise<RetryReport | undefined>;
  }
}

/** The retried texts in texts_total: they go to the provider directly, not through app.sms. */
function countRetried(report: RetryReport) {
  recordText('sent', report.sent);
  recordText('failed', report.failed);
  recordText('given_up', report.givenUp);
}

/**
 * Sends failed texts again every `intervalSeconds` (0 turns the timer off): the provider keeps when
 * each is due and gives up after its limit (sms/httpProvider.ts). Of several instances one runs each
 * pass (an advisory lock), and each text is claimed before it is resent, so it goes out once.
 * Closing stops the timer, starts no new pass and waits for the running one.
 */
export default fp(async function smsRetry(
  app: FastifyInstance,
  options: {
    provider: SmsProvider;
    intervalSeconds: number;
    onPass?: (job: JobName, outcome: JobOutcome) => void;
  },
) {
  const retryDue = options.provider.retryDue?.bind(options.provider);
  let running: Promise<RetryReport | undefined> | undefined;
  let closing = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async (now: Date): Promise<RetryReport | undefined> => {
    try {
      const result = await runExclusive(app.database, 'sms_retry', async () =>
        retryDue ? retryDue({ now, log: (message) => app.log.warn(message) }) : { sent: 0, failed: 0, givenUp: 0 },
      );
      options.onPass?.('sms_retry', result.ran ? 'ran' : 'skipped');
      return result.ran ? result.value : undefined;
    } catch (error) {
      options.onPass?.('sms_retry', 'failed');
      throw error;
    }
  };
  const run = async (runOptions: { now?: Date } = {}): Promise<RetryReport | undefined> => {
    if (closing) return undefined;
    if (running) {
      await running.catch(() => undefined);
      return undefined;
    }
    running = pass(runOptions.now ?? new Date()).finally(() => {
      running = undefined;
    });
    return running;
  };
  app.decorate('retryTexts', async (runOptions) => {
    const report = await run(runOptions);
    if (report) countRetried(report);
    return report;
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
  if (options.intervalSeconds <= 0 || !retryDue) return;

  app.addHook('onReady', async () => {
    timer = setInterval(async () => {
      try {
        const report = await app.retryTexts();
        if (report && report.sent + report.failed + report.givenUp > 0) app.log.info({ texts: report }, 'text retry');
      } catch (error) {
        app.log.error({ err: error }, 'text retry failed');
      }
    }, options.intervalSeconds * 1000);
    timer.unref();
  });
});
