import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { backgroundJob, type OnJobPass } from '../../platform/plugins/backgroundJob';
import { retentionPass, type RetentionPolicy, type RetentionReport } from '../services/retention';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * One retention pass now, as if at `now` (tests pass the time): what it erased, or undefined when
     * it did not run (another instance is running it, or the server is closing).
     */
    runRetentionPass(options?: { now?: Date; batchSize?: number }): Promise<RetentionReport | undefined>;
  }
}

/**
 * Issue 34 (docs/privacy.md): carries out the retention policy every `intervalMinutes` (0 turns the
 * timer off), and once at start. Of several instances one runs each pass (the job's advisory lock, job
 * `retention`), counted in job_runs_total like the other jobs; each pass is bounded and idempotent.
 */
export default fp(async function retentionJob(
  app: FastifyInstance,
  options: { policy: RetentionPolicy; intervalMinutes: number; onPass?: OnJobPass },
) {
  const job = backgroundJob(app, {
    job: 'retention',
    onPass: options.onPass,
    pass: (runOptions: { now?: Date; batchSize?: number } = {}) =>
      retentionPass(app.database.db, options.policy, {
        now: runOptions.now ?? new Date(),
        batchSize: runOptions.batchSize,
      }),
  });
  app.decorate('runRetentionPass', (runOptions?: { now?: Date; batchSize?: number }) => job.run(runOptions ?? {}));
  if (options.intervalMinutes <= 0) return;
  job.schedule(options.intervalMinutes * 60_000, {
    atStart: true,
    report: (erased) => {
      if (Object.values(erased).some(Boolean)) app.log.info({ retention: erased }, 'retention policy erased data');
    },
  });
});
