import { and, asc, count, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client';
import type { emailOutbox, smsOutbox } from '../../platform/db/schema';

/** A table of stored messages with their delivery columns (platform/db/schema.ts `outboxDelivery`). */
export type OutboxTable = typeof smsOutbox | typeof emailOutbox;

/**
 * The end of a lease of `seconds` from now in the database's clock, or none. Leases are taken and
 * compared in one clock, the database's, so instances whose clocks disagree still agree on when a
 * message's sender is taken for dead.
 */
export const leaseEnd = (seconds: number | null) =>
  seconds === null ? null : sql`now() + make_interval(secs => ${seconds})`;

/** The next UTC midnight in the database's clock: when a daily count starts again. */
const startOfTomorrow = sql`((now() at time zone 'utc')::date + 1)::timestamp at time zone 'utc'`;

/**
 * What becomes of the messages of one outbox table, whichever channel: each try's outcome, the
 * claim of the failed ones due for another try and of the queued ones a dead process left (with the
 * `content` columns the channel needs to send one again), and how many wait longer than they
 * should. The channel's repository stores the messages.
 *
 * A try's outcome is recorded only while the message is still that try's (queued, with the
 * attempt count the try began with): a try that outlived its lease, and whose message another
 * instance took up since, changes nothing, so a late refusal cannot undo the other's delivery.
 * `claimable`, when given, is what else a message must be for a retry pass to claim it (texts: its
 * phone has not opted out, messaging/repositories/smsOutbox.ts).
 */
export function outboxDeliveries<Content extends Record<string, AnyPgColumn>>(
  db: Database,
  table: OutboxTable,
  content: Content,
  claimable?: SQL | undefined,
) {
  // One table type for the statements: both tables have these columns (the same helper made them).
  const outbox = table as typeof smsOutbox;

  /** The message as the try numbered `attempt` left it: still queued and not taken up since. */
  const stillTheTry = (id: number, attempt: number) =>
    and(eq(outbox.id, id), eq(outbox.status, 'queued'), eq(outbox.attempts, attempt));

  /**
   * Claims up to `limit` messages matching `due` for one more try: each goes (back) to 'queued'
   * with its attempt counted and a new lease, in one statement that skips rows another instance is
   * claiming, so of several instances exactly one sends each message. Answers `id`, `attempts` and
   * what `content` names, the columns the channel needs to send the message again.
   */
  function claim(ready: SQL | undefined, order: AnyPgColumn, options: { limit: number; leaseSeconds: number | null }) {
    const due = and(ready, claimable);
    const rows = db.select({ id: outbox.id }).from(outbox).where(due).orderBy(asc(order)).limit(options.limit);
    return db
      .update(outbox)
      .set({
        status: 'queued',
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: null,
        leaseUntil: leaseEnd(options.leaseSeconds),
      })
      .where(and(inArray(outbox.id, rows.for('update', { skipLocked: true })), due))
      .returning({ ...content, id: outbox.id, attempts: outbox.attempts });
  }

  return {
    async markSent(id: number, attempt: number, providerRef: string | null): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'sent', providerRef, sentAt: new Date(), leaseUntil: null })
        .where(stillTheTry(id, attempt));
    },

    /** The provider refused the message: tried again at `nextAttemptAt`, or never when null. */
    async markFailed(id: number, attempt: number, nextAttemptAt: Date | null = null): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'failed', nextAttemptAt, leaseUntil: null })
        .where(stillTheTry(id, attempt));
    },

    /** The message failed as many times as it may: no more tries. */
    async markGivenUp(id: number, attempt: number): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'given_up', nextAttemptAt: null, leaseUntil: null })
        .where(stillTheTry(id, attempt));
    },

    /**
     * A daily cap left no room for the try: the message waits, unsent, for the next UTC day (in the
     * database's clock, as the cap counts). The try did not reach the provider, so it is not counted.
     */
    async markHeld(id: number, attempt: number): Promise<void> {
      await db
        .update(outbox)
        .set({
          status: 'held',
          attempts: sql`${outbox.attempts} - 1`,
          nextAttemptAt: startOfTomorrow,
          leaseUntil: null,
        })
        .where(stillTheTry(id, attempt));
    },

    /** A daily cap left no room for a message that may not go out late: never sent, no try counted. */
    async markWithheld(id: number, attempt: number): Promise<void> {
      await db
        .update(outbox)
        .set({ status: 'withheld', attempts: sql`${outbox.attempts} - 1`, leaseUntil: null })
        .where(stillTheTry(id, attempt));
    },

    /** The held messages whose day has come by `now`, claimed for their try under a lease of `leaseSeconds`. */
    claimDueHeld(now: Date, limit: number, leaseSeconds: number | null = null) {
      const due = and(eq(outbox.status, 'held'), lte(outbox.nextAttemptAt, now));
      return claim(due, outbox.nextAttemptAt, { limit, leaseSeconds });
    },

    /** The failed messages due by `now`, claimed for one more try under a lease of `leaseSeconds`. */
    claimDueRetries(now: Date, limit: number, leaseSeconds: number | null = null) {
      const due = and(eq(outbox.status, 'failed'), lte(outbox.nextAttemptAt, now));
      return claim(due, outbox.nextAttemptAt, { limit, leaseSeconds });
    },

    /**
     * The queued messages whose lease has run out (in the database's clock): a process queued or
     * claimed them and died before it could record what the provider said. Claimed again under a
     * new lease of `leaseSeconds`, to be sent.
     */
    claimExpiredLeases(limit: number, leaseSeconds: number) {
      const due = and(eq(outbox.status, 'queued'), lte(outbox.leaseUntil, sql`now()`));
      return claim(due, outbox.leaseUntil, { limit, leaseSeconds });
    },

    /**
     * Gives up the queued messages without a lease (never to be sent late) queued more than
     * `seconds` ago: their process died mid-send, and their sender asked the person to try again.
     */
    async giveUpUnleased(seconds: number): Promise<number> {
      const rows = await db
        .update(outbox)
        .set({ status: 'given_up' })
        .where(
          and(
            eq(outbox.status, 'queued'),
            isNull(outbox.leaseUntil),
            lt(outbox.createdAt, sql`now() - make_interval(secs => ${seconds})`),
          ),
        )
        .returning({ id: outbox.id });
      return rows.length;
    },

    /**
     * How many messages have waited longer than they should, `seconds` past the moment they were
     * due: queued with a lease that ran out, failed with a try that was due, or held past their
     * day; queued without a lease since that long.
     */
    async overdue(seconds: number): Promise<number> {
      const before = sql`now() - make_interval(secs => ${seconds})`;
      const [row] = await db
        .select({ count: count() })
        .from(outbox)
        .where(
          or(
            and(eq(outbox.status, 'queued'), lt(outbox.leaseUntil, before)),
            and(eq(outbox.status, 'queued'), isNull(outbox.leaseUntil), lt(outbox.createdAt, before)),
            and(eq(outbox.status, 'failed'), lt(outbox.nextAttemptAt, before)),
            and(eq(outbox.status, 'held'), lt(outbox.nextAttemptAt, before)),
          ),
        );
      return row?.count ?? 0;
    },
  };
}
