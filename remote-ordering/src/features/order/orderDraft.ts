import {
  checkOrder,
  ORDER_MESSAGES,
  orderStudentNameProblems,
  type CreateOrderRequest,
  type FieldError,
  type FundraiserOrder,
  type OrderItem,
  type Quantities,
} from '@fu/shared';
import { DONATE_ITEM_ID } from '../../utils/routeParams';
import { chosenDonation } from './donationTiers';
import { orderCatalogOf } from './orderCatalog';
import type { OrderFormMode } from './orderMode';
import { buildCreateOrderRequest } from './orderRequest';
import type { ItemBundleState } from './store/orderStore';

/** What the person chose on the order page (the store's state). */
export interface OrderChoices {
  quantities: Record<number, Quantities>;
  bundleState: Record<number, ItemBundleState>;
  studentFirstName: string;
  studentLastName: string;
  donationChoice: number | 'custom' | null;
  customDonation: string;
}

/** The request the page sends, or what stops it (spec §5; field ids are the inputs' ids). */
export type OrderDraft = { ok: true; request: CreateOrderRequest } | { ok: false; problems: FieldError[] };

/** The rules name the request's donation; on the page it is the custom amount's input (tiers are all $35 or more). */
const onThePage = (problem: FieldError): FieldError =>
  problem.field === 'donation' ? { ...problem, field: 'customDonation' } : problem;

/**
 * The order the page would send from what the person chose, checked by the order rules the server
 * runs too (@fu/shared rules/orderRules.ts), over that very request and the catalog the page loaded.
 * A custom amount that is no amount cannot go in a request: it gets the minimum's message where it
 * is typed, after the names'.
 */
export function draftOrder(
  order: FundraiserOrder,
  items: OrderItem[],
  mode: OrderFormMode,
  choices: OrderChoices,
): OrderDraft {
  const donation = chosenDonation(choices);
  if (donation === undefined) {
    const names = orderStudentNameProblems(
      {
        studentFirstName: choices.studentFirstName,
        studentLastName: choices.studentLastName,
        fundraiserDeviceGuid: mode.fundraiserDeviceGuid,
        contactGuid: order.contactGuid,
        socialGuid: order.socialGuid,
      },
      order,
    );
    return { ok: false, problems: [...names, { field: 'customDonation', message: ORDER_MESSAGES.donationMinimum }] };
  }
  const request = buildCreateOrderRequest(order, items, choices, donation, {
    orderId: mode.orderId,
    isCashCheck: mode.cashCheck !== undefined,
    isDonate: mode.itemId === DONATE_ITEM_ID,
    fundraiserDeviceGuid: mode.fundraiserDeviceGuid,
  });
  const check = checkOrder(request, orderCatalogOf(order, choices.bundleState));
  return check.ok ? { ok: true, request } : { ok: false, problems: check.problems.map(onThePage) };
}
