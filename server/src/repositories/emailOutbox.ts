import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox, type EmailAttachmentColumn } from '../db/schema';

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type { EmailAttachmentColumn };

/** A message as stored: what a provider is asked to send, the same on every try. */
export interface StoredEmail {
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments: EmailAttachmentColumn[];
}

/** `email_outbox`: every e-mail the site sent or tried to send, whichever provider carried it. */
export function emailOutboxRepository(db: Database) {
  return {
    /**
     * Stores a message (`status` 'sent' for the outbox provider, 'queued' before a provider is
     * asked). With a `dedupeKey` already stored nothing is stored and undefined is returned: the
     * message was sent (or is being sent) already.
     */
    async add(message: StoredEmail, options: { status: 'sent' | 'queued'; dedupeKey?: string }) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          ...message,
          dedupeKey: options.dedupeKey ?? null,
          status: options.status,
          sentAt: options.status === 'sent' ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning({ id: emailOutbox.id });
      return row?.id;
    },

    async markSent(id: number, providerRef: string | null): Promise<void> {
      await db
        .update(emailOutbox)
        .set({ status: 'sent', providerRef, sentAt: new Date() })
        .where(eq(emailOutbox.id, id));
    },

    /** The provider refused the message: tried again at `nextAttemptAt`, or never when null. */
    async markFailed(id: number, nextAttemptAt: Date | null = null): Promise<void> {
      await db.update(emailOutbox).set({ status: 'failed', nextAttemptAt }).where(eq(emailOutbox.id, id));
    },

    async markGivenUp(id: number): Promise<void> {
      await db.update(emailOutbox).set({ status: 'given_up', nextAttemptAt: null }).where(eq(emailOutbox.id, id));
    },

    /**
     * Claims up to `limit` failed messages due by `now` for one more try, in one statement that
     * skips rows another instance is claiming: of several instances exactly one resends each.
     */
    claimDueRetries(now: Date, limit: number): Promise<(StoredEmail & { id: number; attempts: number })[]> {
      const due = db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'failed'), lte(emailOutbox.nextAttemptAt, now)))
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(emailOutbox)
        .set({ status: 'queued', attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: null })
        .where(and(inArray(emailOutbox.id, due), eq(emailOutbox.status, 'failed')))
        .returning({
          id: emailOutbox.id,
          attempts: emailOutbox.attempts,
          toAddress: emailOutbox.toAddress,
          subject: emailOutbox.subject,
          textBody: emailOutbox.textBody,
          htmlBody: emailOutbox.htmlBody,
          attachments: emailOutbox.attachments,
        });
    },

    /** The newest messages first (the development outbox page). */
    latest(limit: number): Promise<EmailOutboxRow[]> {
      return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
    },
  };
}
