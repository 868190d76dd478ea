import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backgroundJob, type OnJobPass } from './backgroundJob';
import type { EmailProvider, RetryReport } from '../../email';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One pass of the e-mail retry job now (tests call it with the time it runs at): the failed
     * messages due by then are sent again. Undefined when the pass did not run.
     */
    retryEmails(options?: { now?: Date }): Promise<RetryReport | undefined>;
  }
}

/**
 * Sends failed e-mail again every `intervalSeconds` (0 turns the timer off), like the text retry
 * job (smsRetry.ts): the provider keeps when each is due and gives up after its limit
 * (email/smtpProvider.ts); of several instances one runs each pass, and each message is claimed
 * before it is resent, so it goes out once.
 */
export default fp(async function emailRetry(
  app: FastifyInstance,
  options: { provider: EmailProvider; intervalSeconds: number; onPass?: OnJobPass },
) {
  const retryDue = options.provider.retryDue?.bind(options.provider);
  const job = backgroundJob(app, {
    job: 'email_retry',
    onPass: options.onPass,
    pass: (runOptions: { now?: Date } = {}): Promise<RetryReport> =>
      retryDue
        ? retryDue({ now: runOptions.now ?? new Date(), log: (message) => app.log.warn(message) })
        : Promise.resolve({ sent: 0, failed: 0, givenUp: 0 }),
  });
  app.decorate('retryEmails', (runOptions?: { now?: Date }) => job.run(runOptions ?? {}));
  if (options.intervalSeconds <= 0 || !retryDue) return;
  job.schedule(options.intervalSeconds * 1000, {
    atStart: false,
    report: (report) => {
      if (report.sent + report.failed + report.givenUp > 0) app.log.info({ emails: report }, 'e-mail retry');
    },
  });
});
