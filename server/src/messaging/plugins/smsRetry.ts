import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OnJobPass } from '../../platform/plugins/backgroundJob';
import { outboxRetryJob } from './outboxRetryJob';
import { recordText } from '../../platform/http/metrics';
import type { RetryReport, SmsProvider } from '../sms';

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

/**
 * Sends failed texts again every `intervalSeconds` (0 turns the timer off; so does a provider that
 * never fails): the retry job of the text outbox (outboxRetryJob.ts, job `sms_retry`), counted in
 * texts_total.
 */
export default fp(async function smsRetry(
  app: FastifyInstance,
  options: { provider: SmsProvider; intervalSeconds: number; onPass?: OnJobPass },
) {
  const run = outboxRetryJob(app, {
    job: 'sms_retry',
    retryDue: options.provider.retryDue?.bind(options.provider),
    intervalSeconds: options.intervalSeconds,
    onPass: options.onPass,
    record: recordText,
    log: { key: 'texts', message: 'text retry' },
  });
  app.decorate('retryTexts', run);
});
