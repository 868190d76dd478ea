import pg from 'pg';
import type { DatabaseHandle } from '../db/client';

/** The background jobs that run a pass now and then. */
export type JobName =
  'reminders' | 'payment_recovery' | 'sms_retry' | 'email_retry' | 'browser_log_pruning' | 'retention';
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
  retention: 6,
};

/** The lock connection's application_name (pg_stat_activity shows it). */
export const JOB_LOCK_APPLICATION_NAME = 'fu-job-lock';

/**
 * Runs one pass of `job` while holding its advisory lock, so of several instances one runs the pass
 * and the others skip it (`ran: false`) instead of repeating the work. The lock is a session lock
 * on a connection of its own, held for the pass and released at its end, also when the pass throws
 * or the instance dies (the server ends the session). No transaction is open meanwhile: a pass
 * calls providers (texts, e-mail, the card gateway), and a transaction held across such a call
 * would keep row locks and a connection's snapshot for as long as the provider takes. The pass's
 * own claims stay what makes each unit of work happen once; the lock only saves the duplicate
 * effort. PGlite is one process: the pass just runs.
 */
export async function runExclusive<T>(
  database: Pick<DatabaseHandle, 'kind' | 'url'>,
  job: JobName,
  pass: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (database.kind !== 'postgres' || !database.url) return { ran: true, value: await pass() };
  const lock = new pg.Client({
    connectionString: database.url,
    connectionTimeoutMillis: 5_000,
    application_name: JOB_LOCK_APPLICATION_NAME,
  });
  // A dropped connection ends the session and with it the lock; the pass's own queries use the
  // pool and fail or not on their own. Without a listener the error would end the process.
  lock.on('error', () => undefined);
  try {
    await lock.connect();
    const keys = [JOB_LOCK_SPACE, JOB_LOCK_KEYS[job]];
    const { rows } = await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', keys);
    if (!rows[0]?.locked) return { ran: false };
    return { ran: true, value: await pass() };
  } finally {
    // Ending the session releases the lock: no unlock to forget, and none to fail.
    await lock.end().catch(() => undefined);
  }
}
