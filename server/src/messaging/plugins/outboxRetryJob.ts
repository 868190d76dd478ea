import type { FastifyInstance } from 'fastify';
import type { RetryReport } from '../outbox/retry';
import type { JobName } from '../../platform/repositories/jobLocks';
import { backgroundJob, type OnJobPass } from '../../platform/plugins/backgroundJob';

/** A provider's pass over its failed messages due by `now` (messaging/outbox/sender.ts). */
type RetryDue = (options: { now: Date; log: (message: string) => void }) => Promise<RetryReport>;

/** One pass now, at `now` (tests pass the time); undefined when it did not run (backgroundJob.ts). */
export type RetryRun<Report> = (options?: { now?: Date }) => Promise<Report | undefined>;

/**
 * The retry job of one outbox (texts, e-mail): every `intervalSeconds` (0 turns the timer off) the
 * provider sends again the failed messages due by then; it keeps when each is due and gives up
 * after its limit. Of several instances one runs each pass (the job's advisory lock), and each
 * message is claimed before it is resent, so it goes out once. `also` is the channel's other work
 * in the pass, after the retries (the job runs for it even without a provider that retries).
 * Each pass that ran is counted (`record`): the retried messages go to the provider directly, not
 * through the counted app.sms or app.email. `log` names the info line of a timed pass that did
 * anything.
 */
export function outboxRetryJob<Extra extends Record<string, number> = Record<never, number>>(
  app: FastifyInstance,
  options: {
    job: JobName;
    retryDue: RetryDue | undefined;
    also?: (now: Date) => Promise<Extra>;
    intervalSeconds: number;
    onPass?: OnJobPass;
    /** Counts the pass's messages by outcome (metrics.ts). */
    record(outcome: 'recovered' | 'sent' | 'failed' | 'given_up', count: number): void;
    log: { key: string; message: string };
  },
): RetryRun<RetryReport & Extra> {
  const { retryDue, also, record } = options;
  const count = (report: RetryReport) => {
    record('recovered', report.recovered);
    record('sent', report.sent);
    record('failed', report.failed);
    record('given_up', report.givenUp);
  };
  const job = backgroundJob(app, {
    job: options.job,
    onPass: options.onPass,
    pass: async (runOptions: { now?: Date } = {}): Promise<RetryReport & Extra> => {
      const now = runOptions.now ?? new Date();
      const retried = retryDue
        ? await retryDue({ now, log: (message) => app.log.warn(message) })
        : { recovered: 0, sent: 0, failed: 0, givenUp: 0 };
      return { ...retried, ...(also ? await also(now) : ({} as Extra)) };
    },
  });
  if (options.intervalSeconds > 0 && (retryDue || also)) {
    job.schedule(options.intervalSeconds * 1000, {
      atStart: false,
      report: (report) => {
        count(report);
        if (Object.values(report).some((value) => value > 0)) {
          app.log.info({ [options.log.key]: report }, options.log.message);
        }
      },
    });
  }
  return async (runOptions) => {
    const report = await job.run(runOptions ?? {});
    if (report) count(report);
    return report;
  };
}
