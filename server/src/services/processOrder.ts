import { and, count, eq, gt } from 'drizzle-orm';
import { PAYMENT_TYPES, type ProcessOrderRequest } from '@fu/shared/contracts';
import type { Database } from '../db/client';
import { orders, payments } from '../db/schema';
import { HttpError } from '../plugins/app/errors';
import type { PaymentGateway } from '../payments/gateway';
import { issueTickets } from './issueTickets';
import { supporterColumns, supporterProblems } from './supporterDetails';

export const PROCESS_SUCCESS = 'success';

/** Card-testing defence: this many declines on one order within the window pause it. */
export const DECLINE_LIMIT = 5;
export const DECLINE_WINDOW_MINUTES = 30;
export const TOO_MANY_DECLINES = `This order has had too many declined cards. Please wait ${DECLINE_WINDOW_MINUTES} minutes and try again, or contact your card issuer.`;

/**
 * Charges an order's server-computed total once. The order row is locked for the whole attempt,
 * so concurrent or repeated submits are serialised: the first charges, the rest find it paid.
 * The gateway's idempotency key is the order and token, so a retry after a crash between the
 * charge and the commit gets the same charge back rather than a second one. A decline leaves the
 * order unpaid for another card. Only brand, last 4 and the gateway reference are stored.
 */
export async function processCardOrder(
  db: Database,
  gateway: PaymentGateway,
  request: ProcessOrderRequest,
  options: { requireTestMode: boolean },
): Promise<string> {
  const problems = supporterProblems(request);
  if (problems.length) throw new HttpError(400, problems[0]!.message, problems);

  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update');
    if (!order) throw new HttpError(404, 'Order not found.');
    if (options.requireTestMode && !order.testMode) throw new HttpError(400, 'This order is not a test order.');
    if (order.status === 'paid') return PROCESS_SUCCESS;
    if (order.orderTotal <= 0) throw new HttpError(400, 'This order has nothing to pay.');

    const since = new Date(Date.now() - DECLINE_WINDOW_MINUTES * 60_000);
    const [declines] = await tx
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'declined'), gt(payments.createdAt, since)));
    if ((declines?.n ?? 0) >= DECLINE_LIMIT) throw new HttpError(429, TOO_MANY_DECLINES);

    const idempotencyKey = `order-${order.id}-${request.payment.token}`;
    const result = await gateway.charge({
      token: request.payment.token,
      amount: order.orderTotal,
      idempotencyKey,
      description: `Fundraiser order ${order.id}`,
    });
    if (result.status === 'declined') {
      await tx
        .insert(payments)
        .values({
          orderId: order.id,
          amount: order.orderTotal,
          paymentTypeId: PAYMENT_TYPES.card,
          idempotencyKey,
          status: 'declined',
        })
        .onConflictDoNothing();
      return result.message;
    }
    await tx.insert(payments).values({
      orderId: order.id,
      amount: result.amount,
      paymentTypeId: PAYMENT_TYPES.card,
      brand: result.brand,
      last4: result.last4,
      gatewayRef: result.reference,
      idempotencyKey,
      status: 'approved',
    });
    await tx
      .update(orders)
      .set({
        status: 'paid',
        paidAt: new Date(),
        paymentTypeId: PAYMENT_TYPES.card,
        ...supporterColumns(request),
      })
      .where(eq(orders.id, order.id));
    // Digital tickets are part of what was paid for: issued in the same transaction, or not at all.
    await issueTickets(tx, order.id);
    return PROCESS_SUCCESS;
  });
}
