import { desc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { smsOutbox } from '../db/schema';
import { outboxDeliveries } from './outbox';

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;

/** `sms_outbox`: every text the site sent or tried to send, whichever provider carried it. */
export function smsOutboxRepository(db: Database) {
  const deliveries = outboxDeliveries(db, smsOutbox);
  return {
    /** A text kept as sent now (the outbox provider: nothing leaves the machine). */
    async addSent(toPhone: string, body: string): Promise<number> {
      const [row] = await db
        .insert(smsOutbox)
        .values({ toPhone, body, status: 'sent', sentAt: new Date() })
        .returning({ id: smsOutbox.id });
      return row!.id;
    },

    /** A text queued before a provider is asked to send it. */
    async addQueued(toPhone: string, body: string): Promise<number> {
      const [row] = await db.insert(smsOutbox).values({ toPhone, body }).returning({ id: smsOutbox.id });
      return row!.id;
    },

    markSent: deliveries.markSent,
    markFailed: deliveries.markFailed,
    markGivenUp: deliveries.markGivenUp,

    /** The failed texts due by `now`, claimed for one more try (repositories/outbox.ts). */
    claimDueRetries(now: Date, limit: number) {
      return deliveries.claimDueRetries(now, limit, { toPhone: smsOutbox.toPhone, body: smsOutbox.body });
    },

    /** The newest texts first (the development outbox page). */
    latest(limit: number): Promise<SmsOutboxRow[]> {
      return db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
    },
  };
}
