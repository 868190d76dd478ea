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
    retryEmails(options?: { now?: Date }): Promise<EmailRetryReport | undefined>;
  }
}

/** A pass: the failed messages sent again, and the paid orders whose notices it caught up. */
export type EmailRetryReport = RetryReport & { caughtUp: number };

/**
 * Sends failed e-mail again every `intervalSeconds` (0 turns the timer off), like the text retry
 * job (smsRetry.ts): the provider keeps when each is due and gives up after its limit
 * (email/smtpProvider.ts); of several instances one runs each pass, and each message is claimed
 * before it is resent, so it goes out once. Each pass also sends the notices that orders paid in
 * the last day never got (app.catchUpPaidOrderNotices: the server stopped between a payment and
 * its background notices).
 */
export default fp(async function emailRetry(
  app: FastifyInstance,
  options: { provider: EmailProvider; intervalSeconds: number; onPass?: OnJobPass },
) {
  const retryDue = options.provider.retryDue?.bind(options.provider);
  const job = backgroundJob(app, {
    job: 'email_retry',
    onPass: options.onPass,
    pass: async (runOptions: { now?: Date } = {}): Promise<EmailRetryReport> => {
      const now = runOptions.now ?? new Date();
      const retried = retryDue
        ? await retryDue({ now, log: (message) => app.log.warn(message) })
        : { sent: 0, failed: 0, givenUp: 0 };
      return { ...retried, caughtUp: await app.catchUpPaidOrderNotices(now) };
    },
  });
  app.decorate('retryEmails', (runOptions?: { now?: Date }) => job.run(runOptions ?? {}));
  if (options.intervalSeconds <= 0) return;
  job.schedule(options.intervalSeconds * 1000, {
    atStart: false,
    report: (report) => {
      if (report.sent + report.failed + report.givenUp + report.caughtUp > 0)
        app.log.info({ emails: report }, 'e-mail retry');
    },
  });
});
