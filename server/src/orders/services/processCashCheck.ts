import {
  ACCESS_MESSAGES,
  CASH_CHECK_MESSAGES,
  PAYMENT_TYPES,
  type ProcessOrderCashCheckRequest,
} from '@fu/shared/contracts';
import { cashCheckAllows, checkNumberProblem } from '@fu/shared/rules';
import type { Database } from '../../platform/db/client';
import { HttpError } from '../../platform/http/errors';
import { lockOrder, markOrderPaid, orderLineOptions } from '../repositories/orders';
import { insertCashCheckPayment, pendingAttemptOf } from '../../payments/repositories/payments';
import { PAYMENT_IN_PROGRESS } from '../../payments/services/cardAttempts';
import { PROCESS_SUCCESS } from '../../payments/services/processOrder';
import { assertShownTotal } from './shownTotal';
import { issueTickets } from '../../tickets/services/issueTickets';
import { supporterColumns, supporterProblems } from './supporterDetails';

/** Problems with the payment part of a cash/check submission, in the page's words. */
export function cashCheckProblems(body: ProcessOrderCashCheckRequest): { field: string; message: string }[] {
  if (body.paymentTypeId !== PAYMENT_TYPES.cash && body.paymentTypeId !== PAYMENT_TYPES.check) {
    return [{ field: 'paymentTypeId', message: CASH_CHECK_MESSAGES.paymentType }];
  }
  const checkNumber =
    body.paymentTypeId === PAYMENT_TYPES.check ? checkNumberProblem(body.checkNumber ?? '') : undefined;
  return checkNumber ? [{ field: 'checkNumber', message: checkNumber }] : [];
}

/**
 * Records a cash or check payment a student took (spec §7 ProcessOrderCashCheck). Only the
 * student's own in-person sales qualify (started with their page's guid, in the browser that
 * holds the order), only with cash/check items (spec §6), and only for the total the page showed
 * (`payment.amount`). The order row is locked, so a double submit records one payment; a paid
 * order answers 'success' again. `onPaid` hears the order once this call has committed it as paid.
 */
export async function processCashCheckOrder(
  db: Database,
  request: ProcessOrderCashCheckRequest,
  ownerKeyHash: string | undefined,
  onPaid?: (orderId: number) => void,
): Promise<string> {
  const problems = [...supporterProblems(request), ...cashCheckProblems(request)];
  if (problems.length) throw new HttpError(400, problems[0]!.message, problems);
  const paymentTypeId = request.paymentTypeId as number;
  const checkNumber = paymentTypeId === PAYMENT_TYPES.check ? request.checkNumber!.trim() : null;

  let paidNow = false;
  const answer = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    if (!order || !ownerKeyHash || order.ownerKeyHash !== ownerKeyHash) {
      throw new HttpError(404, ACCESS_MESSAGES.orderNotFound);
    }
    if (order.status === 'paid') return PROCESS_SUCCESS;
    // A card charge for this order may be under way: recording cash now could take payment twice.
    if (await pendingAttemptOf(tx, order.id)) throw new HttpError(409, PAYMENT_IN_PROGRESS);
    if (!order.studentSale || order.fundraiserDeviceId === null) {
      throw new HttpError(400, CASH_CHECK_MESSAGES.notStudentOrder);
    }
    if (order.orderTotal <= 0) throw new HttpError(400, 'This order has nothing to pay.');
    // Record only the total the student was shown, and so collected.
    assertShownTotal(order, request.payment.amount);
    const lines = await orderLineOptions(tx, order.id);
    if (!lines.every(cashCheckAllows)) throw new HttpError(400, CASH_CHECK_MESSAGES.excludedItems);

    await insertCashCheckPayment(tx, { orderId: order.id, amount: order.orderTotal, paymentTypeId, checkNumber });
    await markOrderPaid(tx, order.id, { paymentTypeId, checkNumber, ...supporterColumns(request) });
    // Cash/check orders carry only option type 0 today (spec §6), so this issues nothing yet; it is
    // called so the rule "a paid ticket line issues tickets" holds for every way an order is paid.
    await issueTickets(tx, order.id);
    paidNow = true;
    return PROCESS_SUCCESS;
  });
  if (paidNow) onPaid?.(request.orderId);
  return answer;
}
