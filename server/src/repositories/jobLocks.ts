import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';

/** The background jobs that run a pass now and then. */
export type JobName = 'reminders' | 'payment_recovery' | 'sms_retry' | 'email_retry' | 'browser_log_pruning';
/** How a pass ended: it ran, another instance was running it, or it threw. */
export type JobOutcome = 'ran' | 'skipped' | 'failed';

/**
 * Advisory lock keys, in the two-int form (PostgreSQL keeps them apart from single bigint keys such
 * as a migration lock): one space for this application, one fixed key per job.
 */
export const JOB_LOCK_SPACE = 0x4675_6e64;
export const JOB_LOCK_KEYS: Record<JobName, number> = {
  reminders: 1,
  payment_recovery: 2,
  sms_retry: 3,
  email_retry: 4,
  browser_log_pruning: 5,
};

/**
 * Runs one pass of `job` while holding its advisory lock, so of several instances one runs the pass
 * and the others skip it (`ran: false`) instead of repeating the work. The lock is transaction-scoped
 * on a connection of its own, held for the pass and released at its end, also when the pass throws
 * or the instance dies. The pass's own claims stay what makes each unit of work happen once; the
 * lock only saves the duplicate effort. PGlite is one process: the pass just runs.
 */
export async function runExclusive<T>(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  job: JobName,
  pass: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (database.kind !== 'postgres') return { ran: true, value: await pass() };
  return database.db.transaction(async (tx) => {
    const { rows } = (await tx.execute(
      sql`SELECT pg_try_advisory_xact_lock(${JOB_LOCK_SPACE}, ${JOB_LOCK_KEYS[job]}) AS locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!rows[0]?.locked) return { ran: false } as const;
    return { ran: true, value: await pass() } as const;
  });
}
