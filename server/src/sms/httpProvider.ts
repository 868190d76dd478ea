import type { Database } from '../db/client';
import { smsOutboxRepository } from '../repositories/smsOutbox';
import { nextAttemptAt, SmsSendError, type RetryPolicy, type SmsProvider } from './provider';

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
}

/** How many due texts one retry pass claims. */
const RETRY_BATCH = 50;

/**
 * Sends through an HTTP SMS service. The text is queued in the outbox first, then marked sent
 * (with the provider's id) or failed, so a crash between the two leaves a visible queued row.
 * A failed text is tried again later (`retryDue`, run by the text retry job) with a growing delay,
 * at most `retry.maxAttempts` times in all, then given up.
 */
export function httpSmsProvider(db: Database, options: HttpSmsOptions): SmsProvider {
  const outbox = smsOutboxRepository(db);

  /**
   * One request to the provider: its id for the text, or an SmsSendError. A timeout or 5xx may come
   * after the provider accepted the text, so every try of one text carries the same idempotency key
   * and the provider can drop the repeat instead of texting the phone twice.
   */
  async function post(outboxId: number, to: string, body: string): Promise<string | null> {
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `fu-sms-${outboxId}`,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: `+1${to}`, from: options.from, body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new SmsSendError(`SMS provider answered ${response.status}`);
      const answer = (await response.json().catch(() => ({}))) as { id?: unknown; sid?: unknown };
      return String(answer.id ?? answer.sid ?? '') || null;
    } catch (error) {
      if (error instanceof SmsSendError) throw error;
      throw new SmsSendError(`SMS provider unreachable: ${(error as Error).message}`);
    }
  }

  return {
    kind: 'http',
    async send({ to, body, retry = true }) {
      const id = await outbox.addQueued(to, body);
      try {
        const providerRef = await post(id, to, body);
        await outbox.markSent(id, providerRef);
        return { id, providerRef };
      } catch (error) {
        const next = options.retry && retry ? nextAttemptAt(options.retry, 1, new Date()) : undefined;
        await outbox.markFailed(id, next ?? null);
        throw new SmsSendError((error as Error).message, next !== undefined);
      }
    },

    async retryDue({ now, log }) {
      const report = { sent: 0, failed: 0, givenUp: 0 };
      if (!options.retry) return report;
      for (const text of await outbox.claimDueRetries(now, RETRY_BATCH)) {
        try {
          await outbox.markSent(text.id, await post(text.id, text.toPhone, text.body));
          report.sent++;
        } catch (error) {
          const next = nextAttemptAt(options.retry, text.attempts, now);
          if (next) {
            await outbox.markFailed(text.id, next);
            report.failed++;
          } else {
            await outbox.markGivenUp(text.id);
            report.givenUp++;
            log(`text ${text.id} given up after ${text.attempts} tries: ${(error as Error).message}`);
          }
        }
      }
      return report;
    },
  };
}
