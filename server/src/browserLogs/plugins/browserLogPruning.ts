import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backgroundJob, type OnJobPass } from '../../platform/plugins/backgroundJob';
import { pruneBrowserLogs, type BrowserLogPruning } from '../services/browserLogs';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One pruning pass of the browser reports now, as if at `now` (tests pass the time): what it
     * deleted, or undefined when it did not run (another instance ran it, or the server is closing).
     */
    pruneBrowserLogs(options?: { now?: Date }): Promise<BrowserLogPruning | undefined>;
  }
}

/**
 * Keeps the `logs` table of browser reports bounded: every `intervalMinutes` (0 turns the timer
 * off), and once at start, the reports older than `retentionDays` go, then all but the newest
 * `maxRows` (browserLogs/services/browserLogs.ts). Of several instances one runs each pass (the job's advisory
 * lock, job `browser_log_pruning`), counted in job_runs_total like the other jobs.
 */
export default fp(async function browserLogPruning(
  app: FastifyInstance,
  options: { retentionDays: number; maxRows: number; intervalMinutes: number; onPass?: OnJobPass },
) {
  const { logs } = app.repositories;
  const job = backgroundJob(app, {
    job: 'browser_log_pruning',
    onPass: options.onPass,
    pass: (runOptions: { now?: Date } = {}) =>
      pruneBrowserLogs(logs, {
        now: runOptions.now ?? new Date(),
        retentionDays: options.retentionDays,
        maxRows: options.maxRows,
      }),
  });
  app.decorate('pruneBrowserLogs', (runOptions?: { now?: Date }) => job.run(runOptions ?? {}));
  if (options.intervalMinutes <= 0) return;
  job.schedule(options.intervalMinutes * 60_000, {
    atStart: true,
    report: (pruned) => {
      if (pruned.byAge || pruned.byCount) app.log.info({ browserLogs: pruned }, 'browser reports pruned');
    },
  });
});
