import { desc } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { smsOutbox } from '../../platform/db/schema';
import { leaseEnd, outboxDeliveries } from './outbox';

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;

/** The columns a retry needs to send a stored text again. */
const content = { toPhone: smsOutbox.toPhone, body: smsOutbox.body };

/** `sms_outbox`: every text the site sent or tried to send, whichever provider carried it. */
export function smsOutboxRepository(db: Database) {
  const deliveries = outboxDeliveries(db, smsOutbox, content);
  return {
    /**
     * Stores a text: 'sent' now (the outbox provider: nothing leaves the machine), 'queued' under
     * `leaseUntil` before a provider is asked, or 'withheld' (a number we do not text). With a
     * `dedupeKey` already stored nothing is stored and undefined is returned: the text was sent (or
     * is being sent, or was withheld) already.
     */
    async add(
      text: { toPhone: string; body: string },
      options: { status: 'sent' | 'queued' | 'withheld'; dedupeKey?: string; leaseSeconds?: number | null },
    ): Promise<number | undefined> {
      const [row] = await db
        .insert(smsOutbox)
        .values({
          ...text,
          dedupeKey: options.dedupeKey ?? null,
          status: options.status,
          sentAt: options.status === 'sent' ? new Date() : null,
          leaseUntil: leaseEnd(options.leaseSeconds ?? null),
        })
        .onConflictDoNothing()
        .returning({ id: smsOutbox.id });
      return row?.id;
    },

    // Each try's outcome, the claims of the retry job and the overdue count (messaging/repositories/outbox.ts).
    ...deliveries,

    /** The newest texts first (the development outbox page). */
    latest(limit: number): Promise<SmsOutboxRow[]> {
      return db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
    },
  };
}

export type SmsOutboxRepository = ReturnType<typeof smsOutboxRepository>;
