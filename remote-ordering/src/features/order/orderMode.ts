import { cashCheckAllows, type FundraiserOrder, type OrderItem } from '@fu/shared';

/** What an order route asks of the order page (spec §2 Order routes). */
export interface OrderFormMode {
  /** Route item id: -1 donate, -2 give, 0 everything, >0 that item only. */
  itemId: number;
  /** Set in cash/check mode: the route's cashcheck segment. */
  cashCheck?: string;
  fundraiserDeviceGuid?: string;
  orderId?: number;
}

/**
 * The items the page offers: none to donate or give, only the route's item when the fundraiser
 * sells it, and in cash/check mode only what spec §6 lets be paid by cash or check.
 */
export function visibleItems(order: FundraiserOrder, mode: OrderFormMode): OrderItem[] {
  if (mode.itemId < 0) return [];
  let items = order.fundraiserOrderItems;
  if (mode.itemId > 0 && items.some((item) => item.itemId === mode.itemId)) {
    items = items.filter((item) => item.itemId === mode.itemId);
  }
  if (mode.cashCheck !== undefined) {
    items = items
      .map((item) => ({
        ...item,
        fundraiserOrderItemOptions: item.fundraiserOrderItemOptions.filter((option) =>
          cashCheckAllows({ itemId: item.itemId, itemOptionTypeId: option.itemOptionTypeId }),
        ),
      }))
      .filter((item) => item.fundraiserOrderItemOptions.length > 0);
  }
  return items;
}
