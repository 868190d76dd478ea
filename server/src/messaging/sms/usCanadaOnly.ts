import { canTextPhone } from '@fu/shared/rules';
import type { SmsOutboxRepository } from '../repositories/smsOutbox';
import type { TextBudget } from './budget';
import type { SmsMessage, SmsProvider } from './provider';

/** The number is outside the US and Canada (shared/src/rules/textablePhone.ts): nothing was sent. */
export class SmsOutsideUsCanadaError extends Error {
  constructor(readonly phone: string) {
    super('texts go only to US and Canadian numbers');
    this.name = 'SmsOutsideUsCanadaError';
  }
}

/**
 * Texts only US and Canadian numbers, whatever number reaches it: the routes refuse others as
 * typed, and this covers the numbers stored without a text (a checkout's receipt phone, a student
 * page's phone) and any stored before the rule. Such a text is kept in the outbox as 'withheld',
 * under its dedupe key, and takes no slot of the phone's budget; `send` throws
 * SmsOutsideUsCanadaError, or answers undefined when the key was stored already.
 */
export function usCanadaOnly(
  outbox: SmsOutboxRepository,
  provider: SmsProvider & TextBudget,
): SmsProvider & TextBudget {
  async function withhold({ to, body, dedupeKey }: SmsMessage): Promise<undefined> {
    const stored = await outbox.add({ toPhone: to, body }, { status: 'withheld', dedupeKey });
    if (stored === undefined) return undefined;
    throw new SmsOutsideUsCanadaError(to);
  }

  return {
    ...provider,
    send: (message) => (canTextPhone(message.to) ? provider.send(message) : withhold(message)),
    async reserve(phone) {
      if (canTextPhone(phone)) return provider.reserve(phone);
      return {
        send: async (body) => {
          await withhold({ to: phone, body });
        },
      };
    },
  };
}
