import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Database } from '../db/client';
import { emailOutboxRepository, type StoredEmail } from '../repositories/emailOutbox';
import { EmailSendError, nextAttemptAt, type EmailProvider, type RetryPolicy } from './provider';
import { storedEmail } from './stored';

export interface SmtpOptions {
  /** `smtp://user:pass@host:port` or `smtps://…` (nodemailer's connection URL). */
  url: string;
  /** The From address, e.g. `Fundraising University <receipts@example.org>`. */
  from: string;
  /** Failed messages are tried again by `retryDue` on this schedule; without it a failure is final. */
  retry?: RetryPolicy;
  /** Connection and greeting timeout per try. */
  timeoutMs?: number;
}

/** How many due messages one retry pass claims. */
const RETRY_BATCH = 20;

/**
 * Sends through an SMTP server (nodemailer). As with texts, the message is stored as queued first,
 * then marked sent (with the server's message id) or failed; a failed one is tried again later
 * (`retryDue`, run by the e-mail retry job) with a doubling delay, at most `retry.maxAttempts` times
 * in all, then given up. Every try of one message carries the same Message-ID, so a server or
 * reader that saw the first copy can tell a repeat.
 */
export function smtpEmailProvider(db: Database, options: SmtpOptions): EmailProvider {
  const outbox = emailOutboxRepository(db);
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as SMTPTransport.Options);
  const domain = options.from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';

  async function deliver(id: number, message: StoredEmail): Promise<string | null> {
    try {
      const info = await transport.sendMail({
        from: options.from,
        // One address, taken as it is: never parsed as a list of recipients.
        to: { name: '', address: message.toAddress },
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        messageId: `<fu-email-${id}@${domain}>`,
        attachments: message.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: Buffer.from(attachment.contentBase64, 'base64'),
        })),
      });
      return info.messageId ?? null;
    } catch (error) {
      throw new EmailSendError(`SMTP send failed: ${(error as Error).message}`);
    }
  }

  return {
    kind: 'smtp',
    async send(message) {
      const stored = storedEmail(message);
      const id = await outbox.add(stored, { status: 'queued', dedupeKey: message.dedupeKey });
      if (id === undefined) return undefined;
      try {
        const providerRef = await deliver(id, stored);
        await outbox.markSent(id, providerRef);
        return { id, providerRef };
      } catch (error) {
        const next = options.retry ? nextAttemptAt(options.retry, 1, new Date()) : undefined;
        await outbox.markFailed(id, next ?? null);
        throw new EmailSendError((error as Error).message, next !== undefined);
      }
    },

    async retryDue({ now, log }) {
      const report = { sent: 0, failed: 0, givenUp: 0 };
      if (!options.retry) return report;
      for (const message of await outbox.claimDueRetries(now, RETRY_BATCH)) {
        try {
          await outbox.markSent(message.id, await deliver(message.id, message));
          report.sent++;
        } catch (error) {
          const next = nextAttemptAt(options.retry, message.attempts, now);
          if (next) {
            await outbox.markFailed(message.id, next);
            report.failed++;
          } else {
            await outbox.markGivenUp(message.id);
            report.givenUp++;
            log(`e-mail ${message.id} given up after ${message.attempts} tries: ${(error as Error).message}`);
          }
        }
      }
      return report;
    },
  };
}
