// Issue 34: the phones that texted STOP, and the lock that orders every text of a phone against a
// change of its opt-out (docs/texting.md). messaging/repositories/smsOutbox.ts stores a text only
// under the phone's lock, shared; a STOP or START changes the opt-out under it, exclusive.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { smsOptOuts } from '../../platform/db/schema';

/** A transaction (db.transaction's argument): the lock is held until it ends. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Pick<Database, 'select' | 'insert' | 'delete'>;

/**
 * Advisory lock keys, in the two-int form: this space, and the phone's hash (PostgreSQL's hashtext).
 * Other spaces: platform/repositories/jobLocks.ts, releases/repositories/releases.ts.
 */
export const PHONE_TEXTS_LOCK_SPACE = 0x4675_7478;

/**
 * Takes the phone's texts lock until the transaction ends: `shared` to store a text for it (many at
 * once), `exclusive` to opt it out or in. So a text stored while a STOP commits either was stored
 * before the STOP took the lock (its id is lower than the STOP confirmation's) or waits for the STOP
 * and then sees it: no text is stored for a phone after its STOP. Two phones whose hashes collide
 * only wait for each other now and then. Statements after this one see what was committed before
 * the lock was granted (READ COMMITTED takes a snapshot per statement).
 */
export async function lockPhoneTexts(tx: Transaction, phone: string, mode: 'shared' | 'exclusive'): Promise<void> {
  await (mode === 'shared'
    ? tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${PHONE_TEXTS_LOCK_SPACE}, hashtext(${phone}))`)
    : tx.execute(sql`SELECT pg_advisory_xact_lock(${PHONE_TEXTS_LOCK_SPACE}, hashtext(${phone}))`));
}

/** Whether the phone texted STOP and not START since. */
export async function isOptedOut(executor: Pick<Database, 'select'>, phone: string): Promise<boolean> {
  const [row] = await executor
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, phone))
    .limit(1);
  return row !== undefined;
}

/** Opts the phone out, recording the message it sent; false when it was opted out already. */
export async function addOptOut(executor: Executor, phone: string, keyword: string): Promise<boolean> {
  const rows = await executor
    .insert(smsOptOuts)
    .values({ phone, keyword })
    .onConflictDoNothing()
    .returning({ phone: smsOptOuts.phone });
  return rows.length > 0;
}

/** Lifts the phone's opt-out; false when it had none. */
export async function removeOptOut(executor: Executor, phone: string): Promise<boolean> {
  const rows = await executor
    .delete(smsOptOuts)
    .where(eq(smsOptOuts.phone, phone))
    .returning({ phone: smsOptOuts.phone });
  return rows.length > 0;
}

export function optOutRepository(db: Database) {
  return {
    /** Whether the phone is opted out now (a check before work; the outbox decides under the lock). */
    isOptedOut: (phone: string) => isOptedOut(db, phone),
  };
}

export type OptOutRepository = ReturnType<typeof optOutRepository>;
