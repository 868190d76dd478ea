import { desc, eq } from 'drizzle-orm';
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

/** The columns a retry needs to send a stored e-mail again. */
const content = {
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  textBody: emailOutbox.textBody,
  htmlBody: emailOutbox.htmlBody,
  attachments: emailOutbox.attachments,
};

/** `email_outbox`: every e-mail the site sent or tried to send, whichever provider carried it. */
export function emailOutboxRepository(db: Database) {
  const deliveries = outboxDeliveries(db, emailOutbox);
  return {
    /**
     * Stores a message (`status` 'sent' for the outbox provider, 'queued' under `leaseUntil` before
     * a provider is asked, 'withheld' when a rule says it must not be sent). With a `dedupeKey` already stored nothing is stored and undefined is
     * returned: the message was sent (or is being sent) already.
     */
    async add(
      message: StoredEmail,
      options: { status: 'sent' | 'queued' | 'withheld'; dedupeKey?: string; leaseUntil?: Date | null },
    ): Promise<number | undefined> {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          ...message,
          dedupeKey: options.dedupeKey ?? null,
          status: options.status,
          sentAt: options.status === 'sent' ? new Date() : null,
          leaseUntil: options.leaseUntil ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: emailOutbox.id });
      return row?.id;
    },

    /** Whether a message was stored under `dedupeKey` (sent, being sent, or withheld). */
    async hasKey(dedupeKey: string): Promise<boolean> {
      const [row] = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, dedupeKey));
      return row !== undefined;
    },

    markSent: deliveries.markSent,
    markFailed: deliveries.markFailed,
    markGivenUp: deliveries.markGivenUp,
    giveUpUnleased: deliveries.giveUpUnleased,
    overdue: deliveries.overdue,

    /** The failed messages due by `now`, claimed for one more try (repositories/outbox.ts). */
    claimDueRetries(now: Date, limit: number, leaseUntil: Date | null = null) {
      return deliveries.claimDueRetries(now, limit, content, leaseUntil);
    },

    /** The queued messages a dead process left, claimed to be sent again (repositories/outbox.ts). */
    claimExpiredLeases(now: Date, limit: number, leaseUntil: Date) {
      return deliveries.claimExpiredLeases(now, limit, content, leaseUntil);
    },

    /** The newest messages first (the development outbox page). */
    latest(limit: number): Promise<EmailOutboxRow[]> {
      return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
    },
  };
}
