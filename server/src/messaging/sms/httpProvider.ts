import type { RetryPolicy } from '../outbox/retry';
import { outboxSender, tryTimeoutMs } from '../outbox/sender';
import type { KeywordReply, SmsOutboxRepository } from '../repositories/smsOutbox';
import { SmsOptedOutError, SmsSendError, type SmsProvider } from './provider';

/** A text as it is stored and sent again: the columns a retry reads (messaging/repositories/smsOutbox.ts). */
type StoredText = { toPhone: string; body: string; keywordReply: KeywordReply | null };

export interface HttpSmsOptions {
  /**
   * The provider's send endpoint; it receives `{ to, from, body }` as JSON, with the header
   * `Idempotency-Key: fu-sms-<outbox id>`, the same on every try of one text.
   */
  url: string;
  token?: string;
  from?: string;
  timeoutMs?: number;
  /** Failed texts are tried again by `retryDue` on this schedule; without it a failure is final. */
  retry?: RetryPolicy;
  /** How long a try may hold a queued text before `retryDue` takes it for lost (messaging/outbox/sender.ts). */
  leaseMs?: number;
  /**
   * Counts each try against the site-wide daily cap before the provider is asked, or throws
   * DailyCapReachedError (messaging/sms/dailyCap.ts); without it nothing is capped.
   */
  dailyCap?: () => Promise<void>;
}

/**
 * Sends through an HTTP SMS service. The text is queued in the outbox first (under a lease), then
 * marked sent (with the provider's id) or failed, so a crash between the two leaves a queued row
 * that the retry job sends again once its lease runs out.
 * A failed text is tried again later (`retryDue`, run by the text retry job) with a growing delay,
 * at most `retry.maxAttempts` times in all, then given up (messaging/outbox/sender.ts). Every try, first or
 * retried, counts against the daily cap where the text is handed over; one over it is held for the
 * next UTC day (or withheld, when it may not go late) and the provider is not asked.
 */
export function httpSmsProvider(outbox: SmsOutboxRepository, options: HttpSmsOptions): SmsProvider {
  /**
   * One request to the provider: its id for the text, or an SmsSendError. A timeout or 5xx may come
   * after the provider accepted the text, so every try of one text carries the same idempotency key
   * and the provider can drop the repeat instead of texting the phone twice.
   */
  async function post(outboxId: number, text: StoredText): Promise<string | null> {
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `fu-sms-${outboxId}`,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: `+1${text.toPhone}`, from: options.from, body: text.body }),
        signal: AbortSignal.timeout(tryTimeoutMs(options.timeoutMs ?? 10_000, options.leaseMs)),
      });
      if (!response.ok) throw new SmsSendError(`SMS provider answered ${response.status}`);
      const answer = (await response.json().catch(() => ({}))) as { id?: unknown; sid?: unknown };
      return String(answer.id ?? answer.sid ?? '') || null;
    } catch (error) {
      if (error instanceof SmsSendError) throw error;
      throw new SmsSendError(`SMS provider unreachable: ${(error as Error).message}`);
    }
  }

  const sender = outboxSender({
    outbox,
    deliver: async (outboxId: number, text: StoredText) => {
      // The one confirmation of a STOP goes out whatever the day's count, and is not counted (issue 34).
      if (text.keywordReply !== 'stop') await options.dailyCap?.();
      return post(outboxId, text);
    },
    SendError: SmsSendError,
    retry: options.retry,
    leaseMs: options.leaseMs,
    batch: 50,
    noun: 'text',
  });

  return {
    kind: 'http',
    async send({ to, body, retry = true, dedupeKey, keywordReply }) {
      const text = { toPhone: to, body, keywordReply: keywordReply ?? null };
      const leaseSeconds = sender.leaseSecondsFor(retry);
      const stored = await outbox.add(
        { toPhone: to, body },
        { status: 'queued', dedupeKey, leaseSeconds, keywordReply },
      );
      if (stored === undefined) return undefined;
      if (stored.status === 'opted_out') throw new SmsOptedOutError(to);
      return sender.sendStored(stored.id, text, retry);
    },
    // Texts of phones that opted out since they were stored are set aside first, never sent again.
    async retryDue(retryOptions) {
      await outbox.setAsideOptedOut();
      return sender.retryDue(retryOptions);
    },
  };
}
