import type { PhoneBudgetRepository } from '../repositories/phoneBudgets';
import { SmsSendError, type SmsProvider } from './provider';

/** The phone has had its texts for today: nothing was sent. */
export class SmsBudgetExceededError extends Error {
  constructor(readonly phone: string) {
    super('the per-phone daily text budget is used up');
    this.name = 'SmsBudgetExceededError';
  }
}

export interface TextBudget {
  /** Whether the phone may still get a text today (a check before work that ends in a text). */
  hasRoom(phone: string): Promise<boolean>;
  /**
   * Spends one of today's slots now, whether or not a text follows; its `send` uses that slot.
   * Undefined when none is left.
   */
  reserve(phone: string): Promise<{ send(body: string): Promise<void> } | undefined>;
}

/**
 * Every text of every kind (reminders, confirmations, ticket links, page links, receipts, answers to
 * HELP and START) to one phone draws on one daily budget shared by all instances: a slot is taken
 * before the provider is called and given back if the text could not be sent and will not be tried
 * again. The one confirmation of a STOP is the exception: it goes out whatever the budget (issue 34).
 */
export function budgetedSms(
  budgets: PhoneBudgetRepository,
  provider: SmsProvider,
  options: { perPhonePerDay: number },
): SmsProvider & TextBudget {
  return {
    kind: provider.kind,
    async hasRoom(phone) {
      return (await budgets.usedToday(phone, 'sms')) < options.perPhonePerDay;
    },
    async reserve(phone) {
      if (!(await budgets.take(phone, 'sms', options.perPhonePerDay))) return undefined;
      return {
        send: async (body) => {
          await provider.send({ to: phone, body });
        },
      };
    },
    async send(message) {
      if (message.keywordReply === 'stop') return provider.send(message);
      if (!(await budgets.take(message.to, 'sms', options.perPhonePerDay))) {
        throw new SmsBudgetExceededError(message.to);
      }
      try {
        const sent = await provider.send(message);
        // Stored already under its dedupe key: this call sent nothing, so it spends nothing.
        if (!sent) await budgets.giveBack(message.to, 'sms');
        return sent;
      } catch (error) {
        // A text that will be sent again keeps its slot: the retry is the same text, not a new one.
        if (!(error instanceof SmsSendError && error.retryScheduled)) await budgets.giveBack(message.to, 'sms');
        throw error;
      }
    },
  };
}
