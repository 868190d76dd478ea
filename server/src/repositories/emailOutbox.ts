import { desc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox, type EmailAttachmentColumn } from '../db/schema';
import { outboxDeliveries } from './outbox';

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
  const deliveries = outboxDeliveries(db, emailOutbox);
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

    markSent: deliveries.markSent,
    markFailed: deliveries.markFailed,
    markGivenUp: deliveries.markGivenUp,

    /** The failed messages due by `now`, claimed for one more try (repositories/outbox.ts). */
    claimDueRetries(now: Date, limit: number): Promise<(StoredEmail & { id: number; attempts: number })[]> {
      return deliveries.claimDueRetries(now, limit, {
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
