import type { EmailOutboxRepository } from '../repositories/emailOutbox';
import type { EmailProvider } from './provider';
import { storedEmail } from './stored';

/** Keeps e-mail in `email_outbox` only: how the site runs without a mail server. */
export function outboxEmailProvider(outbox: EmailOutboxRepository): EmailProvider {
  return {
    kind: 'outbox',
    async send(message) {
      const id = await outbox.add(storedEmail(message), { status: 'sent', dedupeKey: message.dedupeKey });
      return id === undefined ? undefined : { id, providerRef: null };
    },
  };
}
