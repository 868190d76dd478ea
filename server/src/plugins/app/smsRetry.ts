import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backgroundJob, type OnJobPass } from './backgroundJob';
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
  options: { provider: SmsProvider; intervalSeconds: number; onPass?: OnJobPass },
) {
  const retryDue = options.provider.retryDue?.bind(options.provider);
  const job = backgroundJob(app, {
    job: 'sms_retry',
    onPass: options.onPass,
    pass: (runOptions: { now?: Date } = {}): Promise<RetryReport> =>
      retryDue
        ? retryDue({ now: runOptions.now ?? new Date(), log: (message) => app.log.warn(message) })
        : Promise.resolve({ sent: 0, failed: 0, givenUp: 0 }),
  });
  app.decorate('retryTexts', async (runOptions?: { now?: Date }) => {
    const report = await job.run(runOptions ?? {});
    if (report) countRetried(report);
    return report;
  });
  if (options.intervalSeconds <= 0 || !retryDue) return;
  job.schedule(options.intervalSeconds * 1000, {
    atStart: false,
    report: (report) => {
      countRetried(report);
      if (report.sent + report.failed + report.givenUp > 0) app.log.info({ texts: report }, 'text retry');
    },
  });
});
