import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { PAYMENT_TYPES, type CollectedCashOrder } from '@fu/shared/contracts';
import type { Database } from '../../platform/db/client';
import { orders } from '../../platform/db/schema';

const CASH_OR_CHECK = [PAYMENT_TYPES.cash, PAYMENT_TYPES.check];

/** A paid cash or check sale a student recorded: the orders the organisation confirms receiving. */
const recordedSale = and(
  eq(orders.status, 'paid'),
  eq(orders.studentSale, true),
  inArray(orders.paymentTypeId, CASH_OR_CHECK),
);

/** Cash and check sales students recorded, and the organisation's confirmation that it received them. */
export function collectedCashRepository(db: Database) {
  return {
    /** A fundraiser's recorded sales not yet confirmed, oldest first. */
    async awaiting(fundraiserId: number): Promise<CollectedCashOrder[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(recordedSale, eq(orders.fundraiserId, fundraiserId), isNull(orders.cashReceivedAt)))
        .orderBy(asc(orders.paidAt), asc(orders.id));
      return rows.map((order) => ({
        orderId: order.id,
        studentFirstName: order.studentFirstName,
        studentLastName: order.studentLastName,
        supporterFirstName: order.supporterFirstName ?? '',
        supporterLastName: order.supporterLastName ?? '',
        paymentTypeId: order.paymentTypeId!,
        checkNumber: order.checkNumber,
        amount: order.orderTotal,
        recordedAt: (order.paidAt ?? order.createdAt).toISOString(),
      }));
    },

    /** Of `orderIds`, those that are recorded sales of the fundraiser, with their amounts and whether each was confirmed already. */
    async recordedSales(
      fundraiserId: number,
      orderIds: number[],
    ): Promise<{ id: number; amount: number; received: boolean }[]> {
      const rows = await db
        .select({ id: orders.id, amount: orders.orderTotal, receivedAt: orders.cashReceivedAt })
        .from(orders)
        .where(and(recordedSale, eq(orders.fundraiserId, fundraiserId), inArray(orders.id, orderIds)));
      return rows.map((row) => ({ id: row.id, amount: row.amount, received: row.receivedAt !== null }));
    },

    /**
     * Marks the recorded sales among `orderIds` not yet confirmed as received, by `by` at `at`, with
     * the deposit they came in; one statement, so of two calls at once each order is confirmed by
     * one. The orders this call confirmed, with their amounts.
     */
    async confirm(
      fundraiserId: number,
      orderIds: number[],
      receipt: { at: Date; by: string; depositRef: string | null },
    ) {
      return db
        .update(orders)
        .set({ cashReceivedAt: receipt.at, cashReceivedBy: receipt.by, cashDepositRef: receipt.depositRef })
        .where(
          and(
            recordedSale,
            eq(orders.fundraiserId, fundraiserId),
            inArray(orders.id, orderIds),
            isNull(orders.cashReceivedAt),
          ),
        )
        .returning({ id: orders.id, amount: orders.orderTotal });
    },
  };
}

export type CollectedCashRepository = ReturnType<typeof collectedCashRepository>;
