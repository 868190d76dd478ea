import type { SmsOutboxRepository } from '../repositories/smsOutbox';
import { SmsOptedOutError, type SmsProvider } from './provider';

/** Keeps texts in `sms_outbox` only: how the site runs without an SMS account. */
export function outboxSmsProvider(outbox: SmsOutboxRepository): SmsProvider {
  return {
    kind: 'outbox',
    async send({ to, body, dedupeKey, keywordReply }) {
      const stored = await outbox.add({ toPhone: to, body }, { status: 'sent', dedupeKey, keywordReply });
      if (stored === undefined) return undefined;
      if (stored.status === 'opted_out') throw new SmsOptedOutError(to);
      return { id: stored.id, providerRef: null };
    },
  };
}
