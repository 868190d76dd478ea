import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
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

    /** The provider refused the text: tried again at `nextAttemptAt`, or never when null. */
    async markFailed(id: number, nextAttemptAt: Date | null = null): Promise<void> {
      await db.update(smsOutbox).set({ status: 'failed', nextAttemptAt }).where(eq(smsOutbox.id, id));
    },

    /** The text failed as many times as it may: no more tries. */
    async markGivenUp(id: number): Promise<void> {
      await db.update(smsOutbox).set({ status: 'given_up', nextAttemptAt: null }).where(eq(smsOutbox.id, id));
    },

    /**
     * Claims up to `limit` failed texts due by `now` for one more try: each goes back to 'queued'
     * with its attempt counted, in one statement that skips rows another instance is claiming, so
     * of several instances exactly one resends each text.
     */
    claimDueRetries(now: Date, limit: number): Promise<Pick<SmsOutboxRow, 'id' | 'toPhone' | 'body' | 'attempts'>[]> {
      const due = db
        .select({ id: smsOutbox.id })
        .from(smsOutbox)
        .where(and(eq(smsOutbox.status, 'failed'), lte(smsOutbox.nextAttemptAt, now)))
        .orderBy(asc(smsOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(smsOutbox)
        .set({ status: 'queued', attempts: sql`${smsOutbox.attempts} + 1`, nextAttemptAt: null })
        .where(and(inArray(smsOutbox.id, due), eq(smsOutbox.status, 'failed')))
        .returning({
          id: smsOutbox.id,
          toPhone: smsOutbox.toPhone,
          body: smsOutbox.body,
          attempts: smsOutbox.attempts,
        });
    },

    /** The newest texts first (the development outbox page). */
    latest(limit: number): Promise<SmsOutboxRow[]> {
      return db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
    },
  };
}
