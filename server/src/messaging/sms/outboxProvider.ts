import type { SmsOutboxRepository } from '../repositories/smsOutbox';
import type { SmsProvider } from './provider';

/** Keeps texts in `sms_outbox` only: how the site runs without an SMS account. */
export function outboxSmsProvider(outbox: SmsOutboxRepository): SmsProvider {
  return {
    kind: 'outbox',
    async send({ to, body, dedupeKey }) {
      const id = await outbox.add({ toPhone: to, body }, { status: 'sent', dedupeKey });
      return id === undefined ? undefined : { id, providerRef: null };
    },
  };
}
