import type { OrderView } from '@fu/shared/contracts';
import type { OrderRepository } from '../repositories/orders';
import { offeredCoverFeeCents, type CoverFeeRate } from './coverFees';

/**
 * The order as the order page and checkout see it, for the browser that owns it (the owner check
 * is in the query), with what covering the processing fee would add to its total now (0 where it is
 * not offered: off, or past the order ceiling). GetOrder
 * answers with it, and the checkout page's first paint draws it: one read for both.
 */
export function orderViews(orders: Pick<OrderRepository, 'fundraiserOrder'>, coverFeeRate: CoverFeeRate) {
  return {
    /** Undefined alike for anyone else's order and for no such order. */
    async ownersOrder(orderId: number, ownerKeyHash: string | undefined): Promise<OrderView | undefined> {
      const order = await orders.fundraiserOrder(orderId, ownerKeyHash);
      return order && { ...order, coverFeesAmount: offeredCoverFeeCents(order.orderTotal, coverFeeRate) };
    },
  };
}

export type OrderViews = ReturnType<typeof orderViews>;
