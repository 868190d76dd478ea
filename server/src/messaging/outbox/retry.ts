import type { Config } from '../../platform/config/config';

/** When failed messages are tried again: after `firstDelaySeconds`, doubling, `maxAttempts` tries in all. */
export interface RetryPolicy {
  firstDelaySeconds: number;
  maxAttempts: number;
}

/** What one pass over the due failed messages, and the queued ones a dead process left, did. */
export interface RetryReport {
  /** Queued messages whose lease ran out (their process died mid-send), claimed to be sent again. */
  recovered: number;
  /** Sent this time. */
  sent: number;
  /** Failed again, with a later try scheduled. */
  failed: number;
  /** Failed for the last allowed time. */
  givenUp: number;
}

/** When the next try is due after `attempts` failed tries, or undefined when none is left. */
export function nextAttemptAt(policy: RetryPolicy, attempts: number, now: Date): Date | undefined {
  if (attempts >= policy.maxAttempts) return undefined;
  return new Date(now.getTime() + policy.firstDelaySeconds * 1000 * 2 ** (attempts - 1));
}

/**
 * The schedule texts and e-mail are retried on (SMS_RETRY_*), or undefined when a failure is final:
 * the retry job does not run (SMS_RETRY_INTERVAL_SECONDS 0) or one try is all that is allowed, and
 * a message nobody will resend is a plain failure.
 */
export function retryPolicyFor(config: Pick<Config, 'smsRetry'>): RetryPolicy | undefined {
  const { intervalSeconds, maxAttempts, firstDelaySeconds } = config.smsRetry;
  return intervalSeconds > 0 && maxAttempts > 1 ? { maxAttempts, firstDelaySeconds } : undefined;
}
