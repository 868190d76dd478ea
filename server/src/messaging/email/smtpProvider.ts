import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { RetryPolicy } from '../outbox/retry';
import { outboxSender, tryTimeoutMs } from '../outbox/sender';
import type { EmailOutboxRepository, StoredEmail } from '../repositories/emailOutbox';
import { EmailSendError, type EmailProvider } from './provider';
import { storedEmail } from './stored';

export interface SmtpOptions {
  /** `smtp://user:pass@host:port` or `smtps://…` (nodemailer's connection URL). */
  url: string;
  /** The From address, e.g. `Fundraising University <receipts@example.org>`. */
  from: string;
  /** Failed messages are tried again by `retryDue` on this schedule; without it a failure is final. */
  retry?: RetryPolicy;
  /** How long a try may hold a queued message before `retryDue` takes it for lost (messaging/outbox/sender.ts). */
  leaseMs?: number;
  /** How long one try may take in all (connecting, greeting, every command); at most half the lease. */
  timeoutMs?: number;
}

/**
 * Sends through an SMTP server (nodemailer). As with texts, the message is stored as queued first,
 * then marked sent (with the server's message id) or failed; a failed one is tried again later
 * (`retryDue`, run by the e-mail retry job) with a doubling delay, at most `retry.maxAttempts` times
 * in all, then given up (messaging/outbox/sender.ts). Every try of one message carries the same Message-ID, so a server or
 * reader that saw the first copy can tell a repeat.
 */
export function smtpEmailProvider(outbox: EmailOutboxRepository, options: SmtpOptions): EmailProvider {
  const timeout = tryTimeoutMs(options.timeoutMs ?? 15_000, options.leaseMs);
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
        // One deadline for the whole try: the timeouts above each bound one wait, and a server that
        // answers every command just in time would otherwise keep a try past its lease.
        signal: AbortSignal.timeout(timeout),
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

  const sender = outboxSender({
    outbox,
    deliver,
    SendError: EmailSendError,
    retry: options.retry,
    leaseMs: options.leaseMs,
    batch: 20,
    noun: 'e-mail',
  });

  return {
    kind: 'smtp',
    async send(message) {
      const stored = storedEmail(message);
      const leaseSeconds = sender.leaseSecondsFor();
      const id = await outbox.add(stored, { status: 'queued', dedupeKey: message.dedupeKey, leaseSeconds });
      return id === undefined ? undefined : sender.sendStored(id, stored);
    },
    retryDue: sender.retryDue,
  };
}
