// Whether an order has anything to deliver: the checkout asks a delivery address only then.

/** The parts of an order (OrderView, FundraiserOrder) this rule reads. */
export interface ShippableOrder {
  /** The fundraiser ships its goods (and charges their shipping); false when students hand them over. */
  hasShipping: boolean;
  fundraiserOrderItems: { fundraiserOrderItemOptions: { qty: number }[] }[];
}

/**
 * True when the order has something to ship: its fundraiser ships, and it holds at least one item
 * (a donation-only order ships nothing).
 */
export function shipsSomething(order: ShippableOrder): boolean {
  return (
    order.hasShipping &&
    order.fundraiserOrderItems.some((item) => item.fundraiserOrderItemOptions.some((option) => option.qty > 0))
  );
}
