import type { RetryReport } from '../outbox/retry';
import { OutboxSendError } from '../outbox/sender';
import type { Keyword } from './keywords';

export type { RetryPolicy, RetryReport } from '../outbox/retry';

/** A text message to one phone (10-digit national number, the stored normal form). */
export interface SmsMessage {
  to: string;
  body: string;
  /**
   * false: a refusal is final, never sent again later (for a text whose sender tells the person to
   * ask again, where a late copy would be a duplicate). Retried by default.
   */
  retry?: boolean;
  /**
   * What the text is for, once (e.g. `tickets-order-42`): a text with a key already stored is
   * neither stored nor sent again, and `send` answers undefined.
   */
  dedupeKey?: string;
  /**
   * The keyword this text answers, texted by the phone (messaging/services/inboundTexts.ts): the
   * only texts a phone that opted out gets. A `stop` reply (the one confirmation of an opt-out) also
   * goes whatever the phone's daily budget and the site's daily cap: it must go out.
   */
  keywordReply?: Keyword;
}

/**
 * How the server sends texts. The default keeps them in the database outbox (nothing leaves the
 * machine); the HTTP provider hands them to a real SMS service. Both record every text in
 * `sms_outbox` before anything else, so what was sent is always visible, and a phone that texted
 * STOP gets nothing (the outbox stores such a text as `opted_out` and `send` throws
 * SmsOptedOutError: messaging/repositories/smsOutbox.ts). A provider of its own must do the same.
 */
export interface SmsProvider {
  readonly kind: 'outbox' | 'http';
  /** The stored text's id, or undefined when its `dedupeKey` was stored already. */
  send(message: SmsMessage): Promise<{ id: number; providerRef: string | null } | undefined>;
  /**
   * Sends again the failed texts whose next try is due by `now` (a provider that can fail has it).
   * Each is the same text, not a new one: its phone's budget slot is the one the first try took.
   */
  retryDue?(options: { now: Date; log: (message: string) => void }): Promise<RetryReport>;
}

/** The phone texted STOP (and not START since): nothing was sent, and the text is kept as `opted_out`. */
export class SmsOptedOutError extends Error {
  constructor(readonly phone: string) {
    super('the phone opted out of texts (it replied STOP)');
    this.name = 'SmsOptedOutError';
  }
}

/**
 * A text the provider did not take. `retryScheduled` (messaging/sms/httpProvider.ts): the text is kept and
 * will be sent again later, its phone's budget slot stays taken, and a caller that would try again
 * itself should not.
 */
export class SmsSendError extends OutboxSendError {
  override name = 'SmsSendError';
}
