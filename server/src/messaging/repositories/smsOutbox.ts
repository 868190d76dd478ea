import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { smsOptOuts, smsOutbox } from '../../platform/db/schema';
import { isOptedOut, lockPhoneTexts, type Transaction } from './optOuts';
import { leaseEnd, outboxDeliveries } from './outbox';

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
export type KeywordReply = NonNullable<SmsOutboxRow['keywordReply']>;

/** The columns a retry needs to send a stored text again. */
const content = { toPhone: smsOutbox.toPhone, body: smsOutbox.body, keywordReply: smsOutbox.keywordReply };

/**
 * A stored text a retry may still send: a reply to a keyword, or a text to a phone that has not
 * opted out (issue 34). Retry passes claim only these, so a text refused before a STOP is not sent
 * after it.
 */
const mayStillGo = or(
  sql`${smsOutbox.keywordReply} IS NOT NULL`,
  sql`NOT EXISTS (SELECT 1 FROM ${smsOptOuts} WHERE ${smsOptOuts.phone} = ${smsOutbox.toPhone})`,
);

/** The texts waiting for a later try (failed with one due, or held for the next day): what a STOP stops. */
const waiting = inArray(smsOutbox.status, ['failed', 'held']);

/**
 * The phone's texts waiting for a later try, set aside as `opted_out` (its STOP, in the STOP's
 * transaction): no retry sends them. Replies to keywords keep going.
 */
export async function setAsideTextsOf(tx: Transaction, phone: string): Promise<number> {
  const rows = await tx
    .update(smsOutbox)
    .set({ status: 'opted_out', nextAttemptAt: null, leaseUntil: null })
    .where(and(eq(smsOutbox.toPhone, phone), waiting, isNull(smsOutbox.keywordReply)))
    .returning({ id: smsOutbox.id });
  return rows.length;
}

/** What `add` did: stored as asked, or stored as `opted_out` (the phone texted STOP): never sent. */
export interface StoredText {
  id: number;
  status: 'sent' | 'queued' | 'withheld' | 'opted_out';
}

/**
 * `sms_outbox`: every text the site sent or tried to send, whichever provider carried it. Every text
 * is stored here before any provider is asked (messaging/sms/provider.ts), so this is where a phone's
 * opt-out is enforced, for every kind of text and every send path (issue 34).
 */
export function smsOutboxRepository(db: Database) {
  const deliveries = outboxDeliveries(db, smsOutbox, content, mayStillGo);
  return {
    /**
     * Stores a text: 'sent' now (the outbox provider: nothing leaves the machine), 'queued' under
     * `leaseUntil` before a provider is asked, or 'withheld' (a number we do not text). With a
     * `dedupeKey` already stored nothing is stored and undefined is returned: the text was sent (or
     * is being sent, or was withheld) already.
     *
     * A text to a phone that opted out is stored as 'opted_out' instead (under its dedupe key, so a
     * later pass does not try it again), unless it is a `keywordReply` (the STOP confirmation, the
     * answers to HELP and START). The opt-out is read under the phone's texts lock, shared
     * (messaging/repositories/optOuts.ts): a STOP committing meanwhile is either seen or waited for.
     */
    async add(
      text: { toPhone: string; body: string },
      options: {
        status: 'sent' | 'queued' | 'withheld';
        dedupeKey?: string;
        leaseSeconds?: number | null;
        keywordReply?: KeywordReply;
      },
    ): Promise<StoredText | undefined> {
      return db.transaction(async (tx: Transaction) => {
        await lockPhoneTexts(tx, text.toPhone, 'shared');
        const optedOut = !options.keywordReply && (await isOptedOut(tx, text.toPhone));
        const status = optedOut ? 'opted_out' : options.status;
        const [row] = await tx
          .insert(smsOutbox)
          .values({
            ...text,
            dedupeKey: options.dedupeKey ?? null,
            keywordReply: options.keywordReply ?? null,
            status,
            sentAt: status === 'sent' ? new Date() : null,
            leaseUntil: status === 'queued' ? leaseEnd(options.leaseSeconds ?? null) : null,
          })
          .onConflictDoNothing()
          .returning({ id: smsOutbox.id });
        return row && { id: row.id, status };
      });
    },

    // Each try's outcome, the claims of the retry job and the overdue count (messaging/repositories/outbox.ts).
    ...deliveries,

    /**
     * Sets aside, as `opted_out`, the texts of phones that opted out which a retry pass would
     * otherwise pick up: waiting for a try, or queued by a process that died mid-send (its lease ran
     * out). Run before each retry pass; the claims skip such texts anyway.
     */
    async setAsideOptedOut(): Promise<number> {
      const rows = await db
        .update(smsOutbox)
        .set({ status: 'opted_out', nextAttemptAt: null, leaseUntil: null })
        .where(
          and(
            or(waiting, and(eq(smsOutbox.status, 'queued'), sql`${smsOutbox.leaseUntil} <= now()`)),
            isNull(smsOutbox.keywordReply),
            sql`EXISTS (SELECT 1 FROM ${smsOptOuts} WHERE ${smsOptOuts.phone} = ${smsOutbox.toPhone})`,
          ),
        )
        .returning({ id: smsOutbox.id });
      return rows.length;
    },

    /** The newest texts first (the development outbox page). */
    latest(limit: number): Promise<SmsOutboxRow[]> {
      return db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
    },
  };
}

export type SmsOutboxRepository = ReturnType<typeof smsOutboxRepository>;
