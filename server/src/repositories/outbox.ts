import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { emailOutbox, smsOutbox } from '../db/schema';

/** A table of stored messages with their delivery columns (db/schema.ts `outboxDelivery`). */
export type OutboxTable = typeof smsOutbox | typeof emailOutbox;

/**
 * What becomes of the messages of one outbox table, whichever channel: each try's outcome, and the
 * claim of the failed ones due for another try. The channel's repository stores the messages.
 */
export function outboxDeliveries(db: Database, table: OutboxTable) {
  // One table type for the statements: both tables have these columns (the same helper made them).
  const outbox = table as typeof smsOutbox;
  return {
    async markSent(id: number, providerRef: string | null): Promise<void> {
      await db.update(outbox).set({ status: 'sent', providerRef, sentAt: new Date() }).where(eq(outbox.id, id));
    },

    /** The provider refused the message: tried again at `nextAttemptAt`, or never when null. */
    async markFailed(id: number, nextAttemptAt: Date | null = null): Promise<void> {
      await db.update(outbox).set({ status: 'failed', nextAttemptAt }).where(eq(outbox.id, id));
    },

    /** The message failed as many times as it may: no more tries. */
    async markGivenUp(id: number): Promise<void> {
      await db.update(outbox).set({ status: 'given_up', nextAttemptAt: null }).where(eq(outbox.id, id));
    },

    /**
     * Claims up to `limit` failed messages due by `now` for one more try: each goes back to 'queued'
     * with its attempt counted, in one statement that skips rows another instance is claiming, so
     * of several instances exactly one resends each message. Answers `id`, `attempts` and what
     * `content` names, the columns the channel needs to send the message again.
     */
    async claimDueRetries<Content extends Record<string, AnyPgColumn>>(now: Date, limit: number, content: Content) {
      const due = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, 'failed'), lte(outbox.nextAttemptAt, now)))
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(outbox)
        .set({ status: 'queued', attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: null })
        .where(and(inArray(outbox.id, due), eq(outbox.status, 'failed')))
        .returning({ ...content, id: outbox.id, attempts: outbox.attempts });
    },
  };
}
