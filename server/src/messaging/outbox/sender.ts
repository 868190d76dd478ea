import { nextAttemptAt, type RetryPolicy, type RetryReport } from './retry';

/** A stored message as a retry pass claims it: the channel's columns, its id and tries so far. */
type Claimed<Stored> = Stored & { id: number; attempts: number };

/**
 * Where a channel records each try of its stored messages (messaging/repositories/outbox.ts). `attempt` is the
 * try's number: an outcome is recorded only while the message is still that try's.
 */
export interface DeliveryRecord<Stored> {
  markSent(id: number, attempt: number, providerRef: string | null): Promise<void>;
  markFailed(id: number, attempt: number, nextAttemptAt: Date | null): Promise<void>;
  markGivenUp(id: number, attempt: number): Promise<void>;
  markHeld(id: number, attempt: number): Promise<void>;
  markWithheld(id: number, attempt: number): Promise<void>;
  claimDueRetries(now: Date, limit: number, leaseSeconds: number | null): Promise<Claimed<Stored>[]>;
  claimDueHeld(now: Date, limit: number, leaseSeconds: number | null): Promise<Claimed<Stored>[]>;
  claimExpiredLeases(limit: number, leaseSeconds: number): Promise<Claimed<Stored>[]>;
  giveUpUnleased(seconds: number): Promise<number>;
}

/**
 * How long one try of a provider may take: its own timeout, and at most half the lease, so a try
 * still running is never taken for a dead process's and sent a second time beside it.
 */
export function tryTimeoutMs(providerTimeoutMs: number, leaseMs: number | undefined): number {
  return leaseMs === undefined ? providerTimeoutMs : Math.min(providerTimeoutMs, leaseMs / 2);
}

/**
 * A message its provider did not take (refused, or no answer), or that a daily cap kept from it
 * (`capReached`).
 */
export class OutboxSendError extends Error {
  /**
   * @param retryScheduled the message is kept and will be sent later by the channel's retry job.
   * @param capReached the channel's daily cap left no room today: the provider was not asked.
   */
  constructor(
    message: string,
    readonly retryScheduled = false,
    readonly capReached = false,
  ) {
    super(message);
  }
}

/**
 * What a channel's `deliver` throws when its daily cap leaves no room for the message today. The
 * message is held, not failed, until the next UTC day, when the retry job sends it; a message that
 * may not go out late is withheld instead.
 */
export class DailyCapReachedError extends Error {
  override name = 'DailyCapReachedError';
}

export interface OutboxSenderOptions<Stored> {
  outbox: DeliveryRecord<Stored>;
  /** One try: the provider's id for the message, or it throws the channel's send error. */
  deliver(id: number, message: Stored): Promise<string | null>;
  /**
   * The channel's send error, thrown with `retryScheduled` when the message is kept for another try
   * and `capReached` when the channel's daily cap kept it from the provider.
   */
  SendError: new (message: string, retryScheduled: boolean, capReached: boolean) => OutboxSendError;
  /** Failed messages are tried again by `retryDue` on this schedule; without it a failure is final. */
  retry?: RetryPolicy;
  /**
   * How long a process is taken to be sending a message it queued or claimed (a try is cut off at
   * half of it); after that `retryDue` sends it again.
   */
  leaseMs?: number;
  /** How many due messages one retry pass claims. */
  batch: number;
  /** The message in the give-up warning: `text`, `e-mail`. */
  noun: string;
}

/**
 * The bookkeeping of a provider that can fail, the same for texts and e-mail. A message is stored
 * queued under a lease before the provider is asked, then marked sent (with the provider's id) or
 * failed; nothing holds a transaction open while the provider is asked. A failed one is tried again
 * later (`retryDue`, run by the channel's retry job) after a doubling delay, at most
 * `retry.maxAttempts` times in all, then given up with a warning. A queued one whose lease ran out
 * was left by a process that died mid-send: `retryDue` sends it again, so every message goes out
 * at least once, and the provider's idempotency key (texts) or Message-ID (e-mail), the same on
 * every try, makes a repeat harmless. A message a daily cap keeps from the provider
 * (DailyCapReachedError) is held until the next UTC day and sent by `retryDue` then, its attempts
 * not counting the try that never reached the provider.
 */
export function outboxSender<Stored>(options: OutboxSenderOptions<Stored>) {
  const { outbox, deliver, retry, leaseMs } = options;

  /** One more try of a claimed message: sent, held for the next day, failed with a later try, or given up. */
  async function tryAgain(message: Claimed<Stored>, now: Date, report: RetryReport, log: (message: string) => void) {
    try {
      await outbox.markSent(message.id, message.attempts, await deliver(message.id, message));
      report.sent++;
    } catch (error) {
      if (error instanceof DailyCapReachedError) {
        await outbox.markHeld(message.id, message.attempts);
        return;
      }
      const next = retry ? nextAttemptAt(retry, message.attempts, now) : undefined;
      if (next) {
        await outbox.markFailed(message.id, message.attempts, next);
        report.failed++;
      } else {
        await outbox.markGivenUp(message.id, message.attempts);
        report.givenUp++;
        log(`${options.noun} ${message.id} given up after ${message.attempts} tries: ${(error as Error).message}`);
      }
    }
  }

  const leaseSeconds = leaseMs === undefined ? null : leaseMs / 1000;

  return {
    /**
     * The lease, in seconds, a message queued now gets: none when no lease is configured, or when
     * `retryAllowed` is false (a message that must never go out late).
     */
    leaseSecondsFor(retryAllowed = true): number | null {
      return retryAllowed ? leaseSeconds : null;
    },

    /**
     * The first try of the message stored as `id` (queued). `retryAllowed` false makes a failure
     * final, and a message over the daily cap withheld rather than held. Throws the channel's send
     * error, saying whether another try is scheduled and whether the cap stopped it.
     */
    async sendStored(
      id: number,
      message: Stored,
      retryAllowed = true,
    ): Promise<{ id: number; providerRef: string | null }> {
      let providerRef: string | null;
      try {
        providerRef = await deliver(id, message);
      } catch (error) {
        if (error instanceof DailyCapReachedError) {
          await (retryAllowed ? outbox.markHeld(id, 1) : outbox.markWithheld(id, 1));
          throw new options.SendError(error.message, retryAllowed, true);
        }
        const next = retry && retryAllowed ? nextAttemptAt(retry, 1, new Date()) : undefined;
        await outbox.markFailed(id, 1, next ?? null);
        throw new options.SendError((error as Error).message, next !== undefined, false);
      }
      // Delivered. Should recording it fail (the database went away), the error reaches the caller
      // and the message's lease runs out: it is sent again under the same id, a repeat its reader
      // can tell (the same Message-ID or idempotency key).
      await outbox.markSent(id, 1, providerRef);
      return { id, providerRef };
    },

    /**
     * Sends again the queued messages whose lease has run out (their process died mid-send; the
     * database's clock says when), the held messages whose day has come and the failed messages
     * due by `now`; each is the stored message, not a new one. Queued messages without a lease left
     * for longer than a lease are given up.
     */
    async retryDue({ now, log }: { now: Date; log: (message: string) => void }): Promise<RetryReport> {
      const report = { recovered: 0, sent: 0, failed: 0, givenUp: 0 };
      if (leaseSeconds !== null) {
        const orphans = await outbox.claimExpiredLeases(options.batch, leaseSeconds);
        report.recovered = orphans.length;
        for (const message of orphans) await tryAgain(message, now, report, log);
        report.givenUp += await outbox.giveUpUnleased(leaseSeconds);
      }
      // Held messages go whatever the retry policy: they were never refused, only kept for their day.
      for (const message of await outbox.claimDueHeld(now, options.batch, leaseSeconds)) {
        await tryAgain(message, now, report, log);
      }
      if (!retry) return report;
      for (const message of await outbox.claimDueRetries(now, options.batch, leaseSeconds)) {
        await tryAgain(message, now, report, log);
      }
      return report;
    },
  };
}
