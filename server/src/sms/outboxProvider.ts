import { smsOutbox } from '../db/schema';
import type { Database } from '../db/client';
import type { SmsProvider } from './provider';

/** Keeps texts in `sms_outbox` only: how the site runs without an SMS account. */
export function outboxSmsProvider(db: Database): SmsProvider {
  return {
    kind: 'outbox',
    async send({ to, body }) {
      const [row] = await db
        .insert(smsOutbox)
        .values({ toPhone: to, body, status: 'sent', sentAt: new Date() })
        .returning({ id: smsOutbox.id });
      return { id: row!.id, providerRef: null };
    },
  };
}
