import type { Database } from '../db/client';
import { smsOutboxRepository } from '../repositories/smsOutbox';
import type { SmsProvider } from './provider';

/** Keeps texts in `sms_outbox` only: how the site runs without an SMS account. */
export function outboxSmsProvider(db: Database): SmsProvider {
  const outbox = smsOutboxRepository(db);
  return {
    kind: 'outbox',
    async send({ to, body, dedupeKey }) {
      const id = await outbox.add({ toPhone: to, body }, { status: 'sent', dedupeKey });
      return id === undefined ? undefined : { id, providerRef: null };
    },
  };
}
