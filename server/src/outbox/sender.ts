import { nextAttemptAt, type RetryPolicy, type RetryReport } from './retry';

/** Where a channel records each try of its stored messages (repositories/outbox.ts). */
export interface DeliveryRecord<Stored> {
  markSent(id: number, providerRef: string | null): Promise<void>;
  markFailed(id: number, nextAttemptAt: Date | null): Promise<void>;
  markGivenUp(id: number): Promise<void>;
  claimDueRetries(now: Date, limit: number): Promise<(Stored & { id: number; attempts: number })[]>;
}

/** A message its provider did not take (refused, or no answer). */
export class OutboxSendError extends Error {
  /** @param retryScheduled the message is kept and will be sent again later by the channel's retry job. */
  constructor(
    message: string,
    readonly retryScheduled = false,
  ) {
    super(message);
  }
}

export interface OutboxSenderOptions<Stored> {
  outbox: DeliveryRecord<Stored>;
  /** One try: the provider's id for the message, or it throws the channel's send error. */
  deliver(id: number, message: Stored): Promise<string | null>;
  /** The channel's send error, thrown with `retryScheduled` when the message is kept for another try. */
  SendError: new (message: string, retryScheduled: boolean) => OutboxSendError;
  /** Failed messages are tried again by `retryDue` on this schedule; without it a failure is final. */
  retry?: RetryPolicy;
  /** How many due messages one retry pass claims. */
  batch: number;
  /** The message in the give-up warning: `text`, `e-mail`. */
  noun: string;
}

/**
 * The bookkeeping of a provider that can fail, the same for texts and e-mail: a stored message is
 * tried, then marked sent (with the provider's id) or failed; a failed one is tried again later
 * (`retryDue`, run by the channel's retry job) after a doubling delay, at most `retry.maxAttempts`
 * times in all, then given up with a warning.
 */
export function outboxSender<Stored>(options: OutboxSenderOptions<Stored>) {
  const { outbox, deliver, retry } = options;
  return {
    /**
     * The first try of the message stored as `id` (queued). `retryAllowed` false makes a failure
     * final. Throws the channel's send error, saying whether another try is scheduled.
     */
    async sendStored(
      id: number,
      message: Stored,
      retryAllowed = true,
    ): Promise<{ id: number; providerRef: string | null }> {
      try {
        const providerRef = await deliver(id, message);
        await outbox.markSent(id, providerRef);
        return { id, providerRef };
      } catch (error) {
        const next = retry && retryAllowed ? nextAttemptAt(retry, 1, new Date()) : undefined;
        await outbox.markFailed(id, next ?? null);
        throw new options.SendError((error as Error).message, next !== undefined);
      }
    },

    /** Sends again the failed messages due by `now`; each is the stored message, not a new one. */
    async retryDue({ now, log }: { now: Date; log: (message: string) => void }): Promise<RetryReport> {
      const report = { sent: 0, failed: 0, givenUp: 0 };
      if (!retry) return report;
      for (const message of await outbox.claimDueRetries(now, options.batch)) {
        try {
          await outbox.markSent(message.id, await deliver(message.id, message));
          report.sent++;
        } catch (error) {
          const next = nextAttemptAt(retry, message.attempts, now);
          if (next) {
            await outbox.markFailed(message.id, next);
            report.failed++;
          } else {
            await outbox.markGivenUp(message.id);
            report.givenUp++;
            log(`${options.noun} ${message.id} given up after ${message.attempts} tries: ${(error as Error).message}`);
          }
        }
      }
      return report;
    },
  };
}
