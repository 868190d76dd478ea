import { type CreateOrderRequest, type FundraiserOrder, type OrderItem, type Quantities } from '@fu/shared';

/** What the page shows as the total; the server computes the real one from its own prices. */
export function orderTotals(
  items: OrderItem[],
  quantities: Record<number, Quantities>,
  donation: number,
  hasShipping: boolean,
): { items: number; shipping: number; total: number } {
  let itemsTotal = 0;
  let shipping = 0;
  for (const item of items) {
    for (const option of item.fundraiserOrderItemOptions) {
      const qty = quantities[item.itemId]?.[option.itemOptionId] ?? 0;
      itemsTotal += qty * option.price;
      if (hasShipping) shipping += qty * item.shippingCost;
    }
  }
  return { items: itemsTotal, shipping, total: itemsTotal + shipping + donation };
}

export function buildCreateOrderRequest(
  order: FundraiserOrder,
  items: OrderItem[],
  state: {
    quantities: Record<number, Quantities>;
    studentFirstName: string;
    studentLastName: string;
    bundleState: Record<number, { mode: string; selected?: { id: number } }>;
  },
  donation: number,
  extra: { orderId?: number; isCashCheck: boolean; isDonate: boolean; fundraiserDeviceGuid?: string },
): CreateOrderRequest {
  return {
    orderId: extra.orderId ?? 0,
    fundraiserId: order.fundraiserId,
    fundraiserDeviceGuid: extra.fundraiserDeviceGuid ?? null,
    contactGuid: order.contactGuid,
    socialGuid: order.socialGuid,
    studentFirstName: state.studentFirstName.trim(),
    studentLastName: state.studentLastName.trim(),
    donation,
    isDonate: extra.isDonate,
    isCashCheck: extra.isCashCheck,
    fundraiserOrderItems: items
      .map((item) => ({
        itemId: item.itemId,
        optionBundleId:
          state.bundleState[item.itemId]?.mode === 'bundle'
            ? (state.bundleState[item.itemId]?.selected?.id ?? null)
            : null,
        fundraiserOrderItemOptions: item.fundraiserOrderItemOptions
          .map((option) => ({
            itemOptionId: option.itemOptionId,
            qty: state.quantities[item.itemId]?.[option.itemOptionId] ?? 0,
          }))
          .filter((option) => option.qty > 0),
      }))
      .filter((item) => item.fundraiserOrderItemOptions.length > 0),
  };
}
