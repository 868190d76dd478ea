import type { Config } from '../config';
import type { Database } from '../db/client';
import { retryPolicyFor } from '../outbox/retry';
import { httpSmsProvider } from './httpProvider';
import { outboxSmsProvider } from './outboxProvider';
import type { SmsProvider } from './provider';

export type { RetryReport, SmsMessage, SmsProvider } from './provider';
export { SmsSendError } from './provider';
export { budgetedSms, SmsBudgetExceededError, type TextBudget } from './budget';

/**
 * The configured provider: HTTP when SMS_HTTP_URL is set, otherwise the database outbox. Failed
 * texts are scheduled for another try only when the retry job runs (SMS_RETRY_INTERVAL_SECONDS > 0)
 * and more than one try is allowed: a text nobody will resend is a plain failure.
 */
export function smsProviderFor(config: Pick<Config, 'sms' | 'smsRetry'>, db: Database): SmsProvider {
  const { httpUrl, token, from } = config.sms;
  const retry = retryPolicyFor(config);
  const leaseMs = config.smsRetry.leaseSeconds * 1000;
  return httpUrl ? httpSmsProvider(db, { url: httpUrl, token, from, retry, leaseMs }) : outboxSmsProvider(db);
}
