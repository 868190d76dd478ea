import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OnJobPass } from '../../platform/plugins/backgroundJob';
import { outboxRetryJob } from './outboxRetryJob';
import type { EmailProvider, RetryReport } from '../email';
import { recordEmail } from '../../platform/http/metrics';

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
 * job: the retry job of the e-mail outbox (outboxRetryJob.ts, job `email_retry`). Each pass also
 * sends the notices that orders paid in the last day never got (app.catchUpPaidOrderNotices: the
 * server stopped between a payment and its background notices), so it runs with the outbox
 * provider too. Counted in emails_total.
 */
export default fp(async function emailRetry(
  app: FastifyInstance,
  options: { provider: EmailProvider; intervalSeconds: number; onPass?: OnJobPass },
) {
  const run = outboxRetryJob(app, {
    job: 'email_retry',
    retryDue: options.provider.retryDue?.bind(options.provider),
    also: async (now) => ({ caughtUp: await app.catchUpPaidOrderNotices(now) }),
    intervalSeconds: options.intervalSeconds,
    onPass: options.onPass,
    record: recordEmail,
    log: { key: 'emails', message: 'e-mail retry' },
  });
  app.decorate('retryEmails', run);
});
