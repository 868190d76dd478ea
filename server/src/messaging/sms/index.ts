import type { Config } from '../../platform/config/config';
import type { SmsDailyCountRepository } from '../repositories/smsDailyCounts';
import type { SmsOutboxRepository } from '../repositories/smsOutbox';
import { retryPolicyFor } from '../outbox/retry';
import { smsDailyCap } from './dailyCap';
import { httpSmsProvider } from './httpProvider';
import { outboxSmsProvider } from './outboxProvider';
import type { SmsProvider } from './provider';

export type { RetryReport, SmsMessage, SmsProvider } from './provider';
export { SmsOptedOutError, SmsSendError } from './provider';
export { budgetedSms, SmsBudgetExceededError, type TextBudget } from './budget';
export { usCanadaOnly, SmsOutsideUsCanadaError } from './usCanadaOnly';

/**
 * The configured provider: HTTP when SMS_HTTP_URL is set, otherwise the database outbox. Failed
 * texts are scheduled for another try only when the retry job runs (SMS_RETRY_INTERVAL_SECONDS > 0)
 * and more than one try is allowed: a text nobody will resend is a plain failure. Texts handed to
 * the HTTP provider count against SMS_DAILY_CAP (`warn` logs its being reached); the outbox
 * provider sends nothing, so nothing there is capped.
 */
export function smsProviderFor(
  config: Pick<Config, 'sms' | 'smsRetry' | 'smsDailyCap'>,
  repositories: { smsOutbox: SmsOutboxRepository; smsDailyCounts: SmsDailyCountRepository },
  warn: (message: string) => void,
): SmsProvider {
  const { httpUrl, token, from } = config.sms;
  if (!httpUrl) return outboxSmsProvider(repositories.smsOutbox);
  return httpSmsProvider(repositories.smsOutbox, {
    url: httpUrl,
    token,
    from,
    retry: retryPolicyFor(config),
    leaseMs: config.smsRetry.leaseSeconds * 1000,
    dailyCap: smsDailyCap(repositories.smsDailyCounts, { cap: config.smsDailyCap, warn }),
  });
}
