import { bundleStatus } from '@fu/shared/bundles';
import {
  MAX_OPTION_QUANTITY,
  MAX_ORDER_TOTAL_CENTS,
  MINIMUM_DONATION_CENTS,
  ORDER_MESSAGES,
  type CreateOrderRequest,
} from '@fu/shared/contracts';
import { cashCheckAllows, studentNameProblems } from '@fu/shared/rules';
import type { Catalog, OrderAmounts, OrderLineValues } from '../repositories/orders';

export type { Catalog };

export const BUNDLE_INCOMPLETE_MESSAGE =
  "The selected bundle is incomplete. Add the bundle's items or choose 'Custom Purchase'.";

export const OPTION_QUANTITY_MESSAGE = `At most ${MAX_OPTION_QUANTITY} of each item option can be in one order. Please lower the quantity.`;

export const ORDER_TOTAL_MESSAGE = `An order can be at most $${(MAX_ORDER_TOTAL_CENTS / 100).toLocaleString('en-US')}. Please split it into smaller orders.`;

export type PricedLine = OrderLineValues;
export type PricedOrder = OrderAmounts;

export interface FieldProblem {
  field: string;
  message: string;
}

export type PricingResult = { ok: true; order: PricedOrder } | { ok: false; problems: FieldProblem[] };

/**
 * Checks an order request against the fundraiser's catalog and prices it. Every amount comes
 * from the catalog; the request only says which options and how many. Shipping, when the
 * fundraiser ships, is each item's shippingCost per unit ordered. Quantities count per option over
 * the whole order, and the total has a ceiling, so no order overflows the database's columns (the
 * charge with a covered fee keeps the same ceiling: coverFees.ts).
 */
export function priceOrder(request: CreateOrderRequest, catalog: Catalog): PricingResult {
  const problems: FieldProblem[] = [...studentNameProblems(request.studentFirstName, request.studentLastName)];

  const optionById = new Map(catalog.options.map((option) => [option.itemOptionId, option]));
  const shippingByItem = new Map(catalog.items.map((item) => [item.itemId, item.shippingCost]));
  const wanted = new Map<number, number>();
  for (const item of request.fundraiserOrderItems) {
    for (const option of item.fundraiserOrderItemOptions) {
      if (option.qty === 0) continue;
      const known = optionById.get(option.itemOptionId);
      if (!known || known.itemId !== item.itemId) {
        problems.push({ field: `option-${option.itemOptionId}`, message: 'That item is not part of this fundraiser.' });
        continue;
      }
      if (request.isCashCheck && !cashCheckAllows(known)) {
        problems.push({
          field: `option-${option.itemOptionId}`,
          message: 'That item cannot be paid by cash or check.',
        });
        continue;
      }
      wanted.set(option.itemOptionId, (wanted.get(option.itemOptionId) ?? 0) + option.qty);
    }
  }
  for (const [itemOptionId, quantity] of wanted) {
    if (quantity > MAX_OPTION_QUANTITY)
      problems.push({ field: `option-${itemOptionId}`, message: OPTION_QUANTITY_MESSAGE });
  }

  for (const item of request.fundraiserOrderItems) {
    if (item.optionBundleId == null) continue;
    const chosen = catalog.bundles.get(item.optionBundleId);
    if (!chosen || chosen.itemId !== item.itemId) {
      problems.push({ field: `bundle-${item.optionBundleId}`, message: 'That bundle is not part of this item.' });
      continue;
    }
    const itemOptions = catalog.options.filter((option) => option.itemId === item.itemId);
    const quantities = Object.fromEntries(itemOptions.map((o) => [o.itemOptionId, wanted.get(o.itemOptionId) ?? 0]));
    if (bundleStatus(chosen.bundle, itemOptions, quantities) !== 'complete') {
      problems.push({ field: `bundle-${item.optionBundleId}`, message: BUNDLE_INCOMPLETE_MESSAGE });
    }
  }

  const donation = request.donation ?? 0;
  if (donation > 0 && donation < MINIMUM_DONATION_CENTS) {
    problems.push({ field: 'donation', message: ORDER_MESSAGES.donationMinimum });
  }
  if (wanted.size === 0 && donation === 0 && !problems.some((p) => p.field.startsWith('option-'))) {
    problems.push({ field: 'items', message: ORDER_MESSAGES.noItem });
  }
  if (problems.length) return { ok: false, problems };

  const lines = [...wanted].map(([itemOptionId, quantity]) => {
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
  // A sum of non-negative cents: floating point cannot round a total above the cap back under it.
  const orderTotal = itemsTotal + shippingTotal + donation;
  if (orderTotal > MAX_ORDER_TOTAL_CENTS)
    return { ok: false, problems: [{ field: 'orderTotal', message: ORDER_TOTAL_MESSAGE }] };
  return { ok: true, order: { lines, itemsTotal, shippingTotal, donation, orderTotal } };
}
