import type { OrderCatalog } from './orderCatalog';

/** One priced line of an order: one option, all its rows together. */
export interface OrderLine {
  itemOptionId: number;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/** An order's lines and amounts in cents, every one from the catalog. */
export interface OrderAmounts {
  lines: OrderLine[];
  itemsTotal: number;
  shippingTotal: number;
  donation: number;
  orderTotal: number;
}

/**
 * What an order comes to: each option's quantity at the catalog's price; shipping, when the
 * fundraiser ships, is each item's shippingCost per unit ordered. `quantities` are by itemOptionId
 * and name only options of the catalog (the order rules' `checkOrder` makes sure).
 */
export function orderAmounts(
  quantities: ReadonlyMap<number, number>,
  donation: number,
  catalog: OrderCatalog,
): OrderAmounts {
  const optionById = new Map(catalog.options.map((option) => [option.itemOptionId, option]));
  const shippingByItem = new Map(catalog.items.map((item) => [item.itemId, item.shippingCost]));
  const lines = [...quantities].map(([itemOptionId, quantity]) => {
    const unitPrice = optionById.get(itemOptionId)!.price;
    return { itemOptionId, quantity, unitPrice, lineTotal: unitPrice * quantity };
  });
  const itemsTotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const shippingTotal = catalog.hasShipping
    ? lines.reduce(
        (sum, line) => sum + (shippingByItem.get(optionById.get(line.itemOptionId)!.itemId) ?? 0) * line.quantity,
        0,
      )
    : 0;
  return { lines, itemsTotal, shippingTotal, donation, orderTotal: itemsTotal + shippingTotal + donation };
}
