import { setTimeout as sleep } from 'node:timers/promises';
import { ACCESS_MESSAGES, MAX_ORDER_TOTAL_CENTS, type ProcessOrderRequest } from '@fu/shared/contracts';
import type { Database } from '../../platform/db/client';
import { GATEWAY_UNAVAILABLE_REASON, HttpError } from '../../platform/http/errors';
import { recordPayment } from '../../platform/http/metrics';
import { english, text } from '../../platform/i18n/text';
import { GatewayUnavailableError, type PaymentGateway } from '../gateway/gateway';
import { lockOrder, type SupporterColumns } from '../../orders/repositories/orders';
import {
  declinesSince,
  openCardAttempt,
  pendingAttemptOf,
  settleAttempt,
  type PendingAttempt,
} from '../repositories/payments';
import {
  cardIdempotencyKey,
  recordApprovedCharge,
  resolveAttempt,
  staleAfterMs as defaultStaleAfterMs,
} from './cardAttempts';
import {
  COVER_FEES_OFF,
  COVER_FEES_OVER_CEILING,
  COVER_FEES_OVER_CEILING_TEXT,
  coverFeeCents,
  coverFeesOffered,
  type CoverFeeRate,
} from '../../orders/services/coverFees';
import { assertShownTotal } from '../../orders/services/shownTotal';
import { supporterColumns, supporterProblems } from '../../orders/services/supporterDetails';

export const PROCESS_SUCCESS = 'success';

/** Card-testing defence: this many declines on one order within the window pause it. */
export const DECLINE_LIMIT = 5;
export const DECLINE_WINDOW_MINUTES = 30;
const TOO_MANY_DECLINES_TEXT = text('server.payment.tooManyDeclines', { minutes: DECLINE_WINDOW_MINUTES });
export const TOO_MANY_DECLINES = english(TOO_MANY_DECLINES_TEXT);

/**
 * Submits for one order inside this process take turns (per database, as tests run several): the
 * first charges while the rest wait here, not in the database, where polling would slow that very
 * charge on PGlite (same thread). Submits from other processes meet on the pending attempt instead.
 */
const orderTurns = new WeakMap<Database, Map<number, Promise<unknown>>>();

async function inTurn<T>(db: Database, orderId: number, work: () => Promise<T>): Promise<T> {
  let turns = orderTurns.get(db);
  if (!turns) orderTurns.set(db, (turns = new Map()));
  const previous = turns.get(orderId);
  const mine = (previous ?? Promise.resolve()).catch(() => undefined).then(work);
  turns.set(orderId, mine);
  try {
    return await mine;
  } finally {
    if (turns.get(orderId) === mine) turns.delete(orderId);
  }
}

interface CardPaymentOptions {
  /** TestProcess: only a test order may be paid. */
  requireTestMode: boolean;
  staleAfterMs?: number;
  /** The paying browser's key hash: only the browser that made the order may pay it. */
  ownerKeyHash: string | undefined;
  /** Hears an order this call (or a stale attempt it settled) recorded as paid: the receipt e-mail, the tickets text. */
  onPaid?: (orderId: number) => void;
  /** The rate `coverFees: true` adds the processing fee at (config.coverFees). */
  coverFeeRate: CoverFeeRate;
}

type Claim =
  { kind: 'paid' } | { kind: 'charge'; paymentId: number; amount: number } | { kind: 'busy'; attempt: PendingAttempt };

/**
 * Opens this submit's attempt under the order's row lock, in a transaction of its own that commits
 * before the gateway is called. One attempt per order is in flight at a time: a submit with the
 * same key (a double click, a retry of the same card) charges again under that key, which the
 * gateway answers with the same charge; a submit with another card waits for the attempt in flight.
 */
async function claimAttempt(
  db: Database,
  request: ProcessOrderRequest,
  idempotencyKey: string,
  details: SupporterColumns,
  options: { requireTestMode: boolean; ownerKeyHash: string | undefined; coverFeeRate: CoverFeeRate },
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    // Only the browser that made the order may pay it; to anyone else it does not exist.
    if (!order || !options.ownerKeyHash || order.ownerKeyHash !== options.ownerKeyHash) {
      throw new HttpError(404, ACCESS_MESSAGES.orderNotFound);
    }
    if (options.requireTestMode && !order.testMode) throw new HttpError(400, 'This order is not a test order.');
    if (order.status === 'paid') return { kind: 'paid' };
    if (order.orderTotal <= 0) throw new HttpError(400, 'This order has nothing to pay.');
    // The fee is computed now, from the total as stored: the charge is that total plus the fee,
    // which the order ceiling bounds as it bounds the total.
    const coveredFee = request.coverFees ? coverFeeCents(order.orderTotal, options.coverFeeRate) : 0;
    if (order.orderTotal + coveredFee > MAX_ORDER_TOTAL_CENTS) {
      throw new HttpError(400, COVER_FEES_OVER_CEILING_TEXT, [
        { field: 'coverFees', message: COVER_FEES_OVER_CEILING, text: COVER_FEES_OVER_CEILING_TEXT },
      ]);
    }
    assertShownTotal(order, request.payment.amount, coveredFee);
    const amount = order.orderTotal + coveredFee;

    const inFlight = await pendingAttemptOf(tx, order.id);
    if (inFlight?.idempotencyKey === idempotencyKey) {
      return { kind: 'charge', paymentId: inFlight.id, amount: inFlight.amount };
    }
    if (inFlight) return { kind: 'busy', attempt: inFlight };

    const since = new Date(Date.now() - DECLINE_WINDOW_MINUTES * 60_000);
    if ((await declinesSince(tx, order.id, since)) >= DECLINE_LIMIT) throw new HttpError(429, TOO_MANY_DECLINES_TEXT);

    // A key seen before (the same card again after a decline, or after an attempt that never
    // reached the gateway) reopens its row: the gateway answers that key as it did the first time.
    const paymentId = await openCardAttempt(tx, {
      orderId: order.id,
      idempotencyKey,
      amount,
      supporterDetails: details,
    });
    // The key's charge was approved, yet the order is not paid: only a hand edit of the data does that.
    if (paymentId === undefined) {
      throw new Error(`order ${order.id}: its card payment ${idempotencyKey} is approved but unpaid`);
    }
    return { kind: 'charge', paymentId, amount };
  });
}

/**
 * Charges an order's server-computed total once, in three steps so that a crash at any point loses
 * nothing: (1) a 'pending' attempt with the idempotency key is committed; (2) the gateway charges
 * under that key, outside any transaction; (3) the answer is recorded — approved with the order
 * marked paid and its tickets issued in one transaction, or declined, leaving the order payable.
 * If the server dies between (2) and (3), recovery (cardAttempts.ts) finds the pending attempt at
 * the next start and asks the gateway for the charge by its key. Concurrent or repeated submits
 * are serialised (in this process by taking turns, across processes on the pending attempt): the
 * first charges, the rest find the order paid. Only brand, last 4 and the gateway reference are
 * stored. Only the browser that made the order (`ownerKeyHash`) can pay it, and only the total the page showed
 * (`payment.amount`) is charged: the order total, plus the processing fee when `coverFees` asks for it.
 */
export async function processCardOrder(
  db: Database,
  gateway: PaymentGateway,
  request: ProcessOrderRequest,
  options: CardPaymentOptions,
): Promise<string> {
  try {
    return await payByCard(db, gateway, request, options);
  } catch (error) {
    // The gateway did not answer: the caller may try again (the attempt, if any, stays recoverable).
    if (error instanceof GatewayUnavailableError) {
      throw new HttpError(503, error.message, undefined, { reason: GATEWAY_UNAVAILABLE_REASON });
    }
    throw error;
  }
}

async function payByCard(
  db: Database,
  gateway: PaymentGateway,
  request: ProcessOrderRequest,
  options: CardPaymentOptions,
): Promise<string> {
  const problems = supporterProblems(request);
  if (problems.length) throw new HttpError(400, problems[0]!.message, problems);
  if (request.coverFees && !coverFeesOffered(options.coverFeeRate)) {
    throw new HttpError(400, COVER_FEES_OFF, [{ field: 'coverFees', message: COVER_FEES_OFF }]);
  }
  const idempotencyKey = cardIdempotencyKey(request.orderId, request.payment.token);
  const details = supporterColumns(request);
  const staleAfterMs = options.staleAfterMs ?? defaultStaleAfterMs();

  return inTurn(db, request.orderId, async () => {
    let claim: Claim;
    for (let round = 0; ; round++) {
      claim = await claimAttempt(db, request, idempotencyKey, details, options);
      if (claim.kind === 'paid') return PROCESS_SUCCESS;
      if (claim.kind === 'charge') break;
      // Another process's attempt is in flight: wait for its answer. One pending past any request's
      // lifetime has lost its owner (a crash); settle it from the gateway's records, then go on.
      if (claim.attempt.ageMs >= staleAfterMs) {
        await resolveAttempt(db, gateway, claim.attempt, { staleAfterMs, onPaid: options.onPaid });
      } else await sleep(Math.min(25 * 2 ** round, 500) * (0.5 + Math.random()));
    }
    return charge(db, gateway, request, claim.paymentId, claim.amount, idempotencyKey, options.onPaid);
  });
}

/** Step 2 and 3: the gateway charges under the attempt's key; its answer is recorded. */
async function charge(
  db: Database,
  gateway: PaymentGateway,
  request: ProcessOrderRequest,
  paymentId: number,
  amount: number,
  idempotencyKey: string,
  onPaid: ((orderId: number) => void) | undefined,
): Promise<string> {
  let result;
  try {
    result = await gateway.charge({
      token: request.payment.token,
      amount,
      idempotencyKey,
      description: `Fundraiser order ${request.orderId}`,
    });
  } catch (error) {
    // Never sent: no charge can exist, so the order is free for the next attempt at once. Otherwise
    // the attempt stays pending: a retry with this card asks again under the same key, and
    // recovery settles it if nobody does.
    if (error instanceof GatewayUnavailableError) recordPayment('gateway_error');
    if (error instanceof GatewayUnavailableError && error.notSent) await settleAttempt(db, paymentId, 'abandoned');
    throw error;
  }
  if (result.status === 'declined') {
    await settleAttempt(db, paymentId, 'declined');
    recordPayment('declined');
    return result.message;
  }
  await recordApprovedCharge(db, paymentId, request.orderId, result, onPaid);
  recordPayment('approved');
  return PROCESS_SUCCESS;
}
