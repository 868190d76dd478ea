import { nextAttemptAt, type RetryPolicy, type RetryReport } from './retry';

/** A stored message as a retry pass claims it: the channel's columns, its id and tries so far. */
type Claimed<Stored> = Stored & { id: number; attempts: number };

/** Where a channel records each try of its stored messages (repositories/outbox.ts). */
export interface DeliveryRecord<Stored> {
  markSent(id: number, providerRef: string | null): Promise<void>;
  markFailed(id: number, nextAttemptAt: Date | null): Promise<void>;
  markGivenUp(id: number): Promise<void>;
  claimDueRetries(now: Date, limit: number, leaseUntil: Date | null): Promise<Claimed<Stored>[]>;
  claimExpiredLeases(now: Date, limit: number, leaseUntil: Date): Promise<Claimed<Stored>[]>;
  giveUpUnleased(before: Date): Promise<number>;
}

/**
 * How long one try of a provider may take: its own timeout, and at most half the lease, so a try
 * still running is never taken for a dead process's and sent a second time beside it.
 */
export function tryTimeoutMs(providerTimeoutMs: number, leaseMs: number | undefined): number {
  return leaseMs === undefined ? providerTimeoutMs : Math.min(providerTimeoutMs, leaseMs / 2);
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
  /**
   * How long a process is taken to be sending a message it queued or claimed (longer than a try can
   * last); after that `retryDue` sends it again. Undefined when no retry job runs to do so.
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
 * every try, makes a repeat harmless.
 */
export function outboxSender<Stored>(options: OutboxSenderOptions<Stored>) {
  const { outbox, deliver, retry, leaseMs } = options;

  /** One more try of a claimed message: sent, failed with a later try, or given up. */
  async function tryAgain(message: Claimed<Stored>, now: Date, report: RetryReport, log: (message: string) => void) {
    try {
      await outbox.markSent(message.id, await deliver(message.id, message));
      report.sent++;
    } catch (error) {
      const next = retry ? nextAttemptAt(retry, message.attempts, now) : undefined;
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

  /**
   * The lease a message queued or claimed at `now` gets: none when no retry job would send it again,
   * or when `retryAllowed` is false (a message that must never go out late).
   */
  const leaseFrom = (now: Date, retryAllowed = true): Date | null =>
    leaseMs !== undefined && retryAllowed ? new Date(now.getTime() + leaseMs) : null;

  return {
    leaseFrom,

    /**
     * The first try of the message stored as `id` (queued). `retryAllowed` false makes a failure
     * final. Throws the channel's send error, saying whether another try is scheduled.
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
        const next = retry && retryAllowed ? nextAttemptAt(retry, 1, new Date()) : undefined;
        await outbox.markFailed(id, next ?? null);
        throw new options.SendError((error as Error).message, next !== undefined);
      }
      // Delivered: if recording that fails (the database is away), the lease runs out and the
      // message goes again, a harmless repeat, rather than a failure the caller would report.
      await outbox.markSent(id, providerRef);
      return { id, providerRef };
    },

    /**
     * Sends again the queued messages whose lease ran out by `now` (their process died mid-send)
     * and the failed messages due by then; each is the stored message, not a new one. Queued
     * messages without a lease left for longer than a lease are given up.
     */
    async retryDue({ now, log }: { now: Date; log: (message: string) => void }): Promise<RetryReport> {
      const report = { recovered: 0, sent: 0, failed: 0, givenUp: 0 };
      if (leaseMs !== undefined) {
        const orphans = await outbox.claimExpiredLeases(now, options.batch, leaseFrom(now)!);
        report.recovered = orphans.length;
        for (const message of orphans) await tryAgain(message, now, report, log);
        report.givenUp += await outbox.giveUpUnleased(new Date(now.getTime() - leaseMs));
      }
      if (!retry) return report;
      for (const message of await outbox.claimDueRetries(now, options.batch, leaseFrom(now))) {
        await tryAgain(message, now, report, log);
      }
      return report;
    },
  };
}
