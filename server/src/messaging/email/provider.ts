import type { RetryReport } from '../outbox/retry';
import { OutboxSendError } from '../outbox/sender';

export type { RetryPolicy, RetryReport } from '../outbox/retry';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** One e-mail to one address, as text and HTML. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  /**
   * What the message is for, once (e.g. `receipt-order-42`): a message with a key already stored
   * is neither stored nor sent again, and `send` answers undefined.
   */
  dedupeKey?: string;
  /**
   * The message is the receipt of a sale a student recorded on a page of this phone (no payment
   * taken by the site): it draws on the address's and the student's daily budgets (messaging/email/budget.ts).
   */
  recordedBy?: { phone: string };
}

/**
 * How the server sends e-mail. The default keeps messages in the database outbox (nothing leaves
 * the machine, /dev/email-outbox shows them); the SMTP provider hands them to a mail server. Both
 * record every message in `email_outbox`.
 */
export interface EmailProvider {
  readonly kind: 'outbox' | 'smtp';
  /** The stored message's id, or undefined when its `dedupeKey` was stored already. */
  send(message: EmailMessage): Promise<{ id: number; providerRef: string | null } | undefined>;
  /** Sends again the failed messages whose next try is due by `now` (a provider that can fail has it). */
  retryDue?(options: { now: Date; log: (message: string) => void }): Promise<RetryReport>;
}

/** An e-mail not sent because its address, or the student whose sale it is about, had its e-mails for today. */
export class EmailBudgetExceededError extends Error {
  override name = 'EmailBudgetExceededError';
  constructor(readonly budget: 'address' | 'student') {
    super(`the daily e-mail budget of this ${budget === 'address' ? 'address' : 'student'} is used up`);
  }
}

/** An e-mail the mail server did not take; `retryScheduled`: the retry job sends it again later. */
export class EmailSendError extends OutboxSendError {
  override name = 'EmailSendError';
}
