import { and, asc, count, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { emailOutbox, smsOutbox } from '../db/schema';

/** A table of stored messages with their delivery columns (db/schema.ts `outboxDelivery`). */
export type OutboxTable = typeof smsOutbox | typeof emailOutbox;

/**
 * What becomes of the messages of one outbox table, whichever channel: each try's outcome, the
 * claim of the failed ones due for another try and of the queued ones a dead process left (with the
 * `content` columns the channel needs to send one again), and how many wait longer than they
 * should. The channel's repository stores the messages.
 */
export function outboxDeliveries<Content extends Record<string, AnyPgColumn>>(
  db: Database,
  table: OutboxTable,
  content: Content,
) {
  // One table type for the statements: both tables have these columns (the same helper made them).
  const outbox = table as typeof smsOutbox;

  /**
   * Claims up to `limit` messages matching `due` for one more try: each goes (back) to 'queued'
   * with its attempt counted and a new lease, in one statement that skips rows another instance is
   * claiming, so of several instances exactly one sends each message. Answers `id`, `attempts` and
   * what `content` names, the columns the channel needs to send the message again.
   */
  function claim(due: SQL | undefined, order: AnyPgColumn, options: { limit: number; leaseUntil: Date | null }) {
    const rows = db.select({ id: outbox.id }).from(outbox).where(due).orderBy(asc(order)).limit(options.limit);
    return db
      .update(outbox)
      .set({
        status: 'queued',
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: null,
        leaseUntil: options.leaseUntil,
      })
      .where(and(inArray(outbox.id, rows.for('update', { skipLocked: true })), due))
      .returning({ ...content, id: outbox.id, attempts: outbox.attempts });
  }

  return {
    async markSent(id: number, providerRef: string | null): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'sent', providerRef, sentAt: new Date(), leaseUntil: null })
        .where(eq(outbox.id, id));
    },

    /** The provider refused the message: tried again at `nextAttemptAt`, or never when null. */
    async markFailed(id: number, nextAttemptAt: Date | null = null): Promise<void> {
      await db.update(outbox).set({ status: 'failed', nextAttemptAt, leaseUntil: null }).where(eq(outbox.id, id));
    },

    /** The message failed as many times as it may: no more tries. */
    async markGivenUp(id: number): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'given_up', nextAttemptAt: null, leaseUntil: null })
        .where(eq(outbox.id, id));
    },

    /** The failed messages due by `now`, claimed for one more try under a lease until `leaseUntil`. */
    claimDueRetries(now: Date, limit: number, leaseUntil: Date | null = null) {
      const due = and(eq(outbox.status, 'failed'), lte(outbox.nextAttemptAt, now));
      return claim(due, outbox.nextAttemptAt, { limit, leaseUntil });
    },

    /**
     * The queued messages whose lease ran out by `now`: a process queued or claimed them and died
     * before it could record what the provider said. Claimed again under a new lease, to be sent.
     */
    claimExpiredLeases(now: Date, limit: number, leaseUntil: Date) {
      const due = and(eq(outbox.status, 'queued'), lte(outbox.leaseUntil, now));
      return claim(due, outbox.leaseUntil, { limit, leaseUntil });
    },

    /**
     * Gives up the queued messages without a lease (never to be sent late) queued before `before`:
     * their process died mid-send, and their sender asked the person to try again instead.
     */
    async giveUpUnleased(before: Date): Promise<number> {
      const rows = await db
        .update(outbox)
        .set({ status: 'given_up' })
        .where(and(eq(outbox.status, 'queued'), isNull(outbox.leaseUntil), lt(outbox.createdAt, before)))
        .returning({ id: outbox.id });
      return rows.length;
    },

    /**
     * How many messages wait longer than they should at `now`: queued with a lease that ran out, or
     * failed with a try that was due, before `overdueBefore`; queued without a lease since then.
     */
    async overdue(overdueBefore: Date): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(outbox)
        .where(
          or(
            and(eq(outbox.status, 'queued'), lt(outbox.leaseUntil, overdueBefore)),
            and(eq(outbox.status, 'queued'), isNull(outbox.leaseUntil), lt(outbox.createdAt, overdueBefore)),
            and(eq(outbox.status, 'failed'), lt(outbox.nextAttemptAt, overdueBefore)),
          ),
        );
      return row?.count ?? 0;
    },
  };
}
