import type { Config } from '../../platform/config/config';
import type { EmailOutboxRepository } from '../repositories/emailOutbox';
import { retryPolicyFor } from '../outbox/retry';
import { outboxEmailProvider } from './outboxProvider';
import type { EmailProvider } from './provider';
import { smtpEmailProvider } from './smtpProvider';

export type { EmailAttachment, EmailMessage, EmailProvider, RetryReport } from './provider';
export { EmailBudgetExceededError, EmailSendError } from './provider';
export { budgetedEmail, type EmailWithholding } from './budget';

/**
 * The configured provider: SMTP when SMTP_URL is set, otherwise the database outbox. Failed
 * messages follow the texts' retry schedule (SMS_RETRY_*): tried again only when the retry job runs
 * and more than one try is allowed.
 */
export function emailProviderFor(
  config: Pick<Config, 'email' | 'smsRetry'>,
  outbox: EmailOutboxRepository,
): EmailProvider {
  const { smtpUrl, from } = config.email;
  const retry = retryPolicyFor(config);
  const leaseMs = config.smsRetry.leaseSeconds * 1000;
  return smtpUrl ? smtpEmailProvider(outbox, { url: smtpUrl, from, retry, leaseMs }) : outboxEmailProvider(outbox);
}
