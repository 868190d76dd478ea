import { bundleStatus } from '../bundles/bundleLogic';
import {
  MAX_OPTION_QUANTITY,
  MAX_ORDER_TOTAL_CENTS,
  MINIMUM_DONATION_CENTS,
  ORDER_MESSAGES,
} from '../contracts/constants';
import type { CreateOrderRequest } from '../contracts/types';
import { groupThousands } from '../tokens/groupThousands';
import { cashCheckAllows } from './cashCheck';
import { orderAmounts, type OrderAmounts } from './orderAmounts';
import type { OrderCatalog } from './orderCatalog';
import { studentNameProblems, type StudentNameProblem } from './studentName';

/** What the order rules say, besides spec §5's ORDER_MESSAGES. */
export const ORDER_RULE_MESSAGES = {
  notInFundraiser: 'That item is not part of this fundraiser.',
  notCashCheck: 'That item cannot be paid by cash or check.',
  optionQuantity: `At most ${MAX_OPTION_QUANTITY} of each item option can be in one order. Please lower the quantity.`,
  bundleNotOfItem: 'That bundle is not part of this item.',
  bundleIncomplete: "The selected bundle is incomplete. Add the bundle's items or choose 'Custom Purchase'.",
  orderTotal: `An order can be at most $${groupThousands(MAX_ORDER_TOTAL_CENTS / 100)}. Please split it into smaller orders.`,
} as const;

/**
 * The student's name on an order (spec §5's messages, studentName.ts). Issue 34: an order from a
 * student's link (their page, contact or social guid) of a fundraiser in privacy mode names the
 * student by first name only, as the link's answer does (it carries no last name), so no last name
 * is asked for; one typed anyway is checked as any name is.
 */
export function orderStudentNameProblems(
  request: Pick<
    CreateOrderRequest,
    'studentFirstName' | 'studentLastName' | 'fundraiserDeviceGuid' | 'contactGuid' | 'socialGuid'
  >,
  catalog: Pick<OrderCatalog, 'privacyMode'>,
): StudentNameProblem[] {
  const problems = studentNameProblems(request.studentFirstName, request.studentLastName);
  const byLink = Boolean(request.fundraiserDeviceGuid || request.contactGuid || request.socialGuid);
  if (!catalog.privacyMode || !byLink || request.studentLastName.trim()) return problems;
  return problems.filter((problem) => problem.field !== 'studentLastName');
}

/** One thing wrong with an order request: `field` is the request's field, or `option-{id}` / `bundle-{id}`. */
export interface OrderProblem {
  field: string;
  message: string;
}

export type OrderCheck = { ok: true; amounts: OrderAmounts } | { ok: false; problems: OrderProblem[] };

/**
 * The order rules, which the order page runs before it sends a CreateOrder request and the server
 * runs on the request it receives: each with its own catalog (the page's as loaded, the server's
 * from the database, which alone prices what is saved). Problems come in the order a person reads the
 * page. Quantities count per option over the whole order, and the total has a ceiling, so no order
 * overflows the database's columns (the charge with a covered fee keeps the same ceiling: the
 * server's coverFees.ts).
 */
export function checkOrder(request: CreateOrderRequest, catalog: OrderCatalog): OrderCheck {
  const problems: OrderProblem[] = [...orderStudentNameProblems(request, catalog)];

  const optionById = new Map(catalog.options.map((option) => [option.itemOptionId, option]));
  const wanted = new Map<number, number>();
  for (const item of request.fundraiserOrderItems) {
    for (const option of item.fundraiserOrderItemOptions) {
      if (option.qty === 0) continue;
      const known = optionById.get(option.itemOptionId);
      if (!known || known.itemId !== item.itemId) {
        problems.push({ field: `option-${option.itemOptionId}`, message: ORDER_RULE_MESSAGES.notInFundraiser });
        continue;
      }
      if (request.isCashCheck && !cashCheckAllows(known)) {
        problems.push({ field: `option-${option.itemOptionId}`, message: ORDER_RULE_MESSAGES.notCashCheck });
        continue;
      }
      wanted.set(option.itemOptionId, (wanted.get(option.itemOptionId) ?? 0) + option.qty);
    }
  }
  for (const [itemOptionId, quantity] of wanted) {
    if (quantity > MAX_OPTION_QUANTITY)
      problems.push({ field: `option-${itemOptionId}`, message: ORDER_RULE_MESSAGES.optionQuantity });
  }

  for (const item of request.fundraiserOrderItems) {
    if (item.optionBundleId == null) continue;
    const chosen = catalog.bundles.get(item.optionBundleId);
    if (!chosen || chosen.itemId !== item.itemId) {
      problems.push({ field: `bundle-${item.optionBundleId}`, message: ORDER_RULE_MESSAGES.bundleNotOfItem });
      continue;
    }
    const itemOptions = catalog.options.filter((option) => option.itemId === item.itemId);
    const quantities = Object.fromEntries(itemOptions.map((o) => [o.itemOptionId, wanted.get(o.itemOptionId) ?? 0]));
    if (bundleStatus(chosen.bundle, itemOptions, quantities) !== 'complete') {
      problems.push({ field: `bundle-${item.optionBundleId}`, message: ORDER_RULE_MESSAGES.bundleIncomplete });
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

  const amounts = orderAmounts(wanted, donation, catalog);
  // A sum of non-negative cents: floating point cannot round a total above the cap back under it.
  if (amounts.orderTotal > MAX_ORDER_TOTAL_CENTS)
    return { ok: false, problems: [{ field: 'orderTotal', message: ORDER_RULE_MESSAGES.orderTotal }] };
  return { ok: true, amounts };
}
