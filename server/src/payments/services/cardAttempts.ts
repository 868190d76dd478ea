// Card payment attempts: the rows that make a charge recoverable. An attempt is committed as
// 'pending' before the gateway is asked to charge, so a charge whose answer is lost (the server is
// killed, the connection drops) is never unknown to the database: recovery asks the gateway what
// became of the attempt's idempotency key and records that. See docs/payments.md.
import { PAYMENT_TYPES } from '@fu/shared/contracts';
import type { Database } from '../../platform/db/client';
import { recordPayment } from '../../platform/http/metrics';
import { GatewayUnavailableError, type ChargeResult, type PaymentGateway } from '../gateway/gateway';
import { lockOrder, markOrderPaid } from '../../orders/repositories/orders';
import { approveAttempt, pendingCardAttempts, settleAttempt, type PendingAttempt } from '../repositories/payments';
import { issueTickets } from '../../tickets/services/issueTickets';

export type { PendingAttempt };

export const PAYMENT_IN_PROGRESS = 'A card payment for this order is in progress. Please try again in a moment.';

/**
 * How much longer than one gateway request an attempt must be pending before anyone but its owner
 * may declare it abandoned: covers the time between committing the attempt and sending the charge.
 */
export const STALE_MARGIN_MS = 2_000;
export const DEFAULT_GATEWAY_TIMEOUT_MS = 15_000;

/**
 * An attempt pending for longer than this has no request in flight any more: its owner has had its
 * answer or given up (the gateway client's timeout), or is dead.
 */
export const staleAfterMs = (gatewayTimeoutMs = DEFAULT_GATEWAY_TIMEOUT_MS) => gatewayTimeoutMs + STALE_MARGIN_MS;

/** The gateway idempotency key of a card attempt: the order and the single-use card token. */
export const cardIdempotencyKey = (orderId: number, token: string) => `order-${orderId}-${token}`;

export type RecordOutcome = 'recorded' | 'already recorded' | 'order already paid';

/**
 * Records an approved charge on its attempt and, in the same transaction, marks the order paid with
 * the checkout's supporter details and any covered processing fee, and issues its tickets. Safe to call twice or from two places
 * (the request that charged and recovery): only the first call changes anything. An 'abandoned'
 * attempt is recorded too: if the gateway says the money was taken, the database says so as well.
 * `onPaid` hears the order once it is committed as paid, from the one call that recorded it.
 */
export async function recordApprovedCharge(
  db: Database,
  paymentId: number,
  orderId: number,
  result: Extract<ChargeResult, { status: 'approved' }>,
  onPaid?: (orderId: number) => void,
): Promise<RecordOutcome> {
  const outcome = await db.transaction(async (tx): Promise<RecordOutcome> => {
    // Order row first, as every payment path locks it, so two paths never wait on each other crosswise.
    const order = await lockOrder(tx, orderId);
    const payment = await approveAttempt(tx, paymentId, result);
    if (!payment) return 'already recorded';
    if (order?.status === 'paid') return 'order already paid';
    // Whatever the charge holds beyond the order total is the processing fee the supporter chose to
    // cover (processOrder.ts): read from the approved amount, so recovery records it the same way.
    const coveredFee = order ? Math.max(0, payment.amount - order.orderTotal) : 0;
    await markOrderPaid(tx, orderId, { paymentTypeId: PAYMENT_TYPES.card, coveredFee, ...payment.details });
    // Digital tickets are part of what was paid for: issued in the same transaction, or not at all.
    // The checkout's phone, typed by the buyer, is their consent to the tickets' text (issue 34).
    await issueTickets(tx, orderId, { consentFrom: `/Checkout/${orderId}` });
    return 'recorded';
  });
  if (outcome === 'recorded') onPaid?.(orderId);
  return outcome;
}

/** What a settled attempt tells: a double charge to refund, an order now paid (its notices). */
export interface SettleHooks {
  onDoubleCharge?: (attempt: PendingAttempt) => void;
  onPaid?: (orderId: number) => void;
}

export type Resolution = 'approved' | 'declined' | 'abandoned' | 'pending';

/**
 * Settles a pending attempt from what the gateway knows of its idempotency key: the charge is
 * recorded, the decline kept, or — when the gateway has no such charge and the attempt is stale, so
 * no request for it can still be on the way — the attempt abandoned. A young attempt the gateway
 * does not know yet stays pending. Throws GatewayUnavailableError when the gateway cannot answer.
 */
export async function resolveAttempt(
  db: Database,
  gateway: PaymentGateway,
  attempt: PendingAttempt,
  options: { staleAfterMs: number } & SettleHooks,
): Promise<Resolution> {
  const charge = await gateway.findCharge(attempt.idempotencyKey);
  if (charge?.status === 'approved') {
    const outcome = await recordApprovedCharge(db, attempt.id, attempt.orderId, charge, options.onPaid);
    if (outcome === 'order already paid') options.onDoubleCharge?.(attempt);
    // Counted by whichever instance recorded it, once.
    if (outcome !== 'already recorded') recordPayment('recovered_approved');
    return 'approved';
  }
  if (charge?.status === 'declined') {
    await settleAttempt(db, attempt.id, 'declined');
    recordPayment('recovered_declined');
    return 'declined';
  }
  if (attempt.ageMs < options.staleAfterMs) return 'pending';
  await settleAttempt(db, attempt.id, 'abandoned');
  recordPayment('abandoned');
  return 'abandoned';
}

export interface RecoveryReport {
  /** Pending card attempts found. */
  found: number;
  approved: number;
  declined: number;
  abandoned: number;
  /** Left pending: too young to call abandoned, or the gateway did not answer. */
  pending: number;
  gatewayUnavailable: boolean;
}

/**
 * One recovery pass over every pending card attempt (run at start, then now and then, and by tests):
 * charges the gateway holds are recorded and their orders marked paid with tickets issued; attempts
 * the gateway never charged are abandoned once stale, leaving the order payable.
 */
export async function recoverPendingPayments(
  db: Database,
  gateway: PaymentGateway,
  options: { staleAfterMs: number } & SettleHooks,
): Promise<RecoveryReport> {
  const attempts = await pendingCardAttempts(db);
  const report: RecoveryReport = {
    found: attempts.length,
    approved: 0,
    declined: 0,
    abandoned: 0,
    pending: 0,
    gatewayUnavailable: false,
  };
  for (const [index, attempt] of attempts.entries()) {
    try {
      report[await resolveAttempt(db, gateway, attempt, options)]++;
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      report.gatewayUnavailable = true;
      report.pending += attempts.length - index;
      break;
    }
  }
  return report;
}
