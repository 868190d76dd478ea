import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordText } from '../../metrics';
import { SmsBudgetExceededError, type SmsProvider, type TextBudget } from '../../sms';

declare module 'fastify' {
  interface FastifyInstance {
    /** Texts, each drawing on its phone's daily budget (sms/budget.ts). */
    sms: SmsProvider & TextBudget;
  }
}

/** The provider with every text counted by outcome (texts_total): sent, failed, or refused by the budget. */
export function countedSms(provider: SmsProvider & TextBudget): SmsProvider & TextBudget {
  /** `sentNow` says whether what `send` answered is a text sent now (not one stored already). */
  const counted = async <T>(send: () => Promise<T>, sentNow: (result: T) => boolean = () => true): Promise<T> => {
    try {
      const result = await send();
      if (sentNow(result)) recordText('sent');
      return result;
    } catch (error) {
      recordText(error instanceof SmsBudgetExceededError ? 'budget_exceeded' : 'failed');
      throw error;
    }
  };
  return {
    // Whatever else the provider offers passes through as it is.
    ...provider,
    // undefined: stored already under its dedupe key, so nothing was sent now.
    send: (message) =>
      counted(
        () => provider.send(message),
        (result) => result !== undefined,
      ),
    async reserve(phone) {
      const slot = await provider.reserve(phone);
      if (!slot) {
        recordText('budget_exceeded');
        return undefined;
      }
      return { send: (body) => counted(() => slot.send(body)) };
    },
  };
}

/** Makes the SMS provider (outbox or HTTP, behind the per-phone budget) available to routes and jobs. */
export default fp(async function sms(app: FastifyInstance, options: { provider: SmsProvider & TextBudget }) {
  app.decorate('sms', countedSms(options.provider));
});
