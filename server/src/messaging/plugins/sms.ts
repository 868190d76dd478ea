import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordText, type TextOutcome } from '../../platform/http/metrics';
import {
  SmsBudgetExceededError,
  SmsOptedOutError,
  SmsOutsideUsCanadaError,
  SmsSendError,
  type SmsProvider,
  type TextBudget,
} from '../sms';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Texts, to US and Canadian numbers only (messaging/sms/usCanadaOnly.ts), each drawing on its phone's
     * daily budget (messaging/sms/budget.ts), none to a phone that replied STOP (the outbox refuses it:
     * messaging/repositories/smsOutbox.ts).
     */
    sms: SmsProvider & TextBudget;
  }
}

/** Why a text was not sent, as texts_total says it. */
function outcomeOf(error: unknown): TextOutcome {
  if (error instanceof SmsBudgetExceededError) return 'budget_exceeded';
  if (error instanceof SmsOutsideUsCanadaError) return 'outside_us_canada';
  if (error instanceof SmsOptedOutError) return 'opted_out';
  if (error instanceof SmsSendError && error.capReached) return 'daily_cap';
  return 'failed';
}

/**
 * The provider with every text counted by outcome (texts_total): sent, failed, refused by the
 * budget, kept back by the daily cap, not sent to a number outside the US and Canada, or not sent
 * to a phone that replied STOP.
 */
export function countedSms(provider: SmsProvider & TextBudget): SmsProvider & TextBudget {
  /** `sentNow` says whether what `send` answered is a text sent now (not one stored already). */
  const counted = async <T>(send: () => Promise<T>, sentNow: (result: T) => boolean = () => true): Promise<T> => {
    try {
      const result = await send();
      if (sentNow(result)) recordText('sent');
      return result;
    } catch (error) {
      recordText(outcomeOf(error));
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

/**
 * Makes the SMS provider (outbox or HTTP, behind the per-phone budget and the US/Canada rule)
 * available to routes and jobs.
 */
export default fp(async function sms(app: FastifyInstance, options: { provider: SmsProvider & TextBudget }) {
  app.decorate('sms', countedSms(options.provider));
});
