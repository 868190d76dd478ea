import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { emailOutbox, type EmailAttachmentColumn } from '../../platform/db/schema';
import { leaseEnd, outboxDeliveries } from './outbox';

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
  const deliveries = outboxDeliveries(db, emailOutbox, content);
  return {
    /**
     * Stores a message (`status` 'sent' for the outbox provider, 'queued' under a lease of `leaseSeconds` before
     * a provider is asked, 'withheld' when a rule says it must not be sent). With a `dedupeKey` already stored nothing is stored and undefined is
     * returned: the message was sent (or is being sent) already.
     */
    async add(
      message: StoredEmail,
      options: { status: 'sent' | 'queued' | 'withheld'; dedupeKey?: string; leaseSeconds?: number | null },
    ): Promise<number | undefined> {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          ...message,
          dedupeKey: options.dedupeKey ?? null,
          status: options.status,
          sentAt: options.status === 'sent' ? new Date() : null,
          leaseUntil: leaseEnd(options.leaseSeconds ?? null),
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

    // Each try's outcome, the claims of the retry job and the overdue count (messaging/repositories/outbox.ts).
    ...deliveries,

    /** The newest messages first (the development outbox page). */
    latest(limit: number): Promise<EmailOutboxRow[]> {
      return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
    },
  };
}

export type EmailOutboxRepository = ReturnType<typeof emailOutboxRepository>;
