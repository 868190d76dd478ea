import { cashCheckAllows, studentNameIn, type FundraiserOrder, type OrderItem } from '@fu/shared';

/** What an order route asks of the order page (spec §2 Order routes). */
export interface OrderFormMode {
  /** Route item id: -1 donate, -2 give, 0 everything, >0 that item only. */
  itemId: number;
  /** Set in cash/check mode: the route's cashcheck segment. */
  cashCheck?: string;
  fundraiserDeviceGuid?: string;
  orderId?: number;
  /**
   * In cash/check mode, the student the sale is recorded for ("Jordan R."), when the route does not
   * load the student's page: Edit of a sale this tab recorded (shared/src/session/recordedSale.ts).
   */
  studentName?: string;
}

/**
 * Whom a cash or check sale is recorded for (issue 31): the student of the page it is recorded on,
 * as the page's details name them ("Jordan R.", "Jordan" in privacy mode), or as the tab that
 * recorded it remembers them; undefined when the page takes no cash or check sale.
 */
export function saleStudentName(order: FundraiserOrder, mode: OrderFormMode): string | undefined {
  if (mode.cashCheck === undefined) return undefined;
  return mode.studentName ?? studentNameIn(order, order.studentFirstName, order.studentLastName);
}

/**
 * Issue 34: in privacy mode, the student an order from a student's link is for, by first name only
 * ("Jordan"): the page says whom it supports instead of showing the name fields, since the link's
 * answer carries no last name (and none is asked for). Undefined otherwise: the fields are shown.
 */
export function linkedStudentName(order: FundraiserOrder, mode: OrderFormMode): string | undefined {
  if (!order.privacyMode || creditsTypedName(order, mode)) return undefined;
  return studentNameIn(order, order.studentFirstName, order.studentLastName);
}

/**
 * Whether the order is credited by the student name typed on it (issue 31): it came with no student's
 * link (their page guid, contact or social link), as on the team's directory path
 * `/Order/{fundraiserId}/{itemId}/{phone}` or when editing an order made there. The server decides
 * the same way (orders/services/createOrder.ts).
 */
export function creditsTypedName(order: Pick<FundraiserOrder, 'contactGuid' | 'socialGuid'>, mode: OrderFormMode) {
  return !mode.fundraiserDeviceGuid && mode.cashCheck === undefined && !order.contactGuid && !order.socialGuid;
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
