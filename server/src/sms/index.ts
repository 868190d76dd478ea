import type { Config } from '../config';
import type { Database } from '../db/client';
import { httpSmsProvider } from './httpProvider';
import { outboxSmsProvider } from './outboxProvider';
import type { SmsProvider } from './provider';

export type { SmsMessage, SmsProvider } from './provider';
export { SmsSendError } from './provider';
export { budgetedSms, SmsBudgetExceededError, type TextBudget } from './budget';

/** The configured provider: HTTP when SMS_HTTP_URL is set, otherwise the database outbox. */
export function smsProviderFor(config: Pick<Config, 'sms'>, db: Database): SmsProvider {
  const { httpUrl, token, from } = config.sms;
  return httpUrl ? httpSmsProvider(db, { url: httpUrl, token, from }) : outboxSmsProvider(db);
}
