import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { smsOutbox } from '../db/schema';

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;

/** `sms_outbox`: every text the site sent or tried to send, whichever provider carried it. */
export function smsOutboxRepository(db: Database) {
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

    async markSent(id: number, providerRef: string | null): Promise<void> {
      await db.update(smsOutbox).set({ status: 'sent', providerRef, sentAt: new Date() }).where(eq(smsOutbox.id, id));
    },

    async markFailed(id: number): Promise<void> {
      await db.update(smsOutbox).set({ status: 'failed' }).where(eq(smsOutbox.id, id));
    },

    /** The newest texts first (the development outbox page). */
    latest(limit: number): Promise<SmsOutboxRow[]> {
      return db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
    },
  };
}
