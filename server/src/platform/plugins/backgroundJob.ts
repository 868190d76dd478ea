import type { FastifyInstance } from 'fastify';
import { runExclusive, type JobName, type JobOutcome } from '../repositories/jobLocks';

export type OnJobPass = (job: JobName, outcome: JobOutcome) => void;

export interface BackgroundJob<Arg, T> {
  /**
   * One pass now. Undefined when it did not run: another instance holds the job's lock, this
   * instance is closing, or a pass was already running here (the call waits for that one first).
   */
  run(arg: Arg): Promise<T | undefined>;
  /**
   * A pass every `everyMs` once the server is ready, and one at once when `atStart`; `report` hears
   * what each pass that ran returned, failures are logged.
   */
  schedule(everyMs: number, options: { atStart: boolean; report(value: T): void }): void;
}

/**
 * The life of a background job in one instance: passes never overlap here, and across instances the
 * job's advisory lock lets one of them run each pass (platform/repositories/jobLocks.ts); each pass is counted
 * by outcome (`onPass`). Closing the server stops the timer, starts no new pass and waits for the
 * running one, so a deploy leaves no work half done.
 */
export function backgroundJob<Arg, T>(
  app: FastifyInstance,
  options: { job: JobName; pass(arg: Arg): Promise<T>; onPass?: OnJobPass },
): BackgroundJob<Arg, T> {
  const { job, onPass } = options;
  let running: Promise<T | undefined> | undefined;
  let closing = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async (arg: Arg): Promise<T | undefined> => {
    try {
      const result = await runExclusive(app.database, job, () => options.pass(arg));
      onPass?.(job, result.ran ? 'ran' : 'skipped');
      return result.ran ? result.value : undefined;
    } catch (error) {
      onPass?.(job, 'failed');
      throw error;
    }
  };
  const run = async (arg: Arg): Promise<T | undefined> => {
    if (closing) return undefined;
    if (running) {
      await running.catch(() => undefined);
      return undefined;
    }
    running = pass(arg).finally(() => {
      running = undefined;
    });
    return running;
  };
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await running?.catch(() => undefined);
  });

  return {
    run,
    schedule(everyMs, { atStart, report }) {
      const scheduled = async () => {
        try {
          const value = await run(undefined as Arg);
          if (value !== undefined) report(value);
        } catch (error) {
          app.log.error({ err: error }, `${job} job failed`);
        }
      };
      app.addHook('onReady', async () => {
        timer = setInterval(() => void scheduled(), everyMs);
        timer.unref();
        if (atStart) setImmediate(() => void scheduled());
      });
    },
  };
}
