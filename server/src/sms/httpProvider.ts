import type { Database } from '../db/client';
import { smsOutboxRepository } from '../repositories/smsOutbox';
import { SmsSendError, type SmsProvider } from './provider';

export interface HttpSmsOptions {
  /** The provider's send endpoint; it receives `{ to, from, body }` as JSON. */
  url: string;
  token?: string;
  from?: string;
  timeoutMs?: number;
}

/**
 * Sends through an HTTP SMS service. The text is queued in the outbox first, then marked sent
 * (with the provider's id) or failed, so a crash between the two leaves a visible queued row.
 */
export function httpSmsProvider(db: Database, options: HttpSmsOptions): SmsProvider {
  const outbox = smsOutboxRepository(db);
  return {
    kind: 'http',
    async send({ to, body }) {
      const id = await outbox.addQueued(to, body);
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ to: `+1${to}`, from: options.from, body }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        if (!response.ok) throw new SmsSendError(`SMS provider answered ${response.status}`);
        const answer = (await response.json().catch(() => ({}))) as { id?: unknown; sid?: unknown };
        const providerRef = String(answer.id ?? answer.sid ?? '') || null;
        await outbox.markSent(id, providerRef);
        return { id, providerRef };
      } catch (error) {
        await outbox.markFailed(id);
        if (error instanceof SmsSendError) throw error;
        throw new SmsSendError(`SMS provider unreachable: ${(error as Error).message}`);
      }
    },
  };
}
