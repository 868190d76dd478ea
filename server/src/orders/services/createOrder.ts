import { ACCESS_MESSAGES, CASH_CHECK_MESSAGES, type CreateOrderRequest } from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import { checkOrder, tidyPersonName, type OrderAmounts } from '@fu/shared/rules';
import type { Database } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/http/errors';
import { insertOrder, lockOrder, replaceOrder, type OrderRepository, type OrderRow } from '../repositories/orders';
import { pendingAttemptOf } from '../../payments/repositories/payments';
import { PAYMENT_IN_PROGRESS } from '../../payments/services/cardAttempts';
import { valueGoods, type ValuedLine } from './goodsValue';

export const FUNDRAISER_CLOSED = 'This fundraiser is no longer active. Thank you for your support.';

/**
 * The student page a typed name stands for on an order without a student link (orders/services/studentCredit.ts):
 * its id, or null for no single student; `quiet` when the caller's budget of name checks is spent,
 * so the order's answers must not say whom it credits (a roster walker would learn from them).
 */
export type CreditByName = (
  fundraiserId: number,
  firstName: string,
  lastName: string,
) => Promise<{ deviceId: number | null; quiet: boolean }>;

/** Whom an order counts for, and how: by its student link, or by the name typed (OrderRow.creditedBy). */
interface Credit {
  deviceId: number | null;
  by: OrderRow['creditedBy'];
}

/**
 * Spec §7 CreateOrder: checks the request by the order rules the order page runs too
 * (@fu/shared rules/orderRules.ts), with the fundraiser's catalog as read from the database, which
 * prices it (never the request's amounts) and values its goods for the receipt (goodsValue.ts), and
 * saves it for the browser that owns it. `ownerKey` is
 * that browser's key, made on first use, so a refused request gives no browser a key. An order from a
 * student's link is credited to that student; one from the team's order page to the student whose
 * name was typed, when it is exactly one student's (`creditByName`, issue 31). The names are kept as
 * a person writes them. The order keeps `language`, its page's (or, edited, the page's it was last
 * changed on): its receipt e-mail and texts are in it.
 */
export async function createOrder(
  db: Database,
  orders: OrderRepository,
  request: CreateOrderRequest,
  language: Language,
  ownerKey: () => string,
  creditByName: CreditByName,
): Promise<number> {
  const catalog = await orders.catalogFor(request.fundraiserId);
  if (!catalog) throw notFound('Fundraiser not found.');
  if (!catalog.isActive) throw new HttpError(409, FUNDRAISER_CLOSED);
  const checked = checkOrder(request, catalog);
  if (!checked.ok) throw new HttpError(400, checked.problems[0]!.message, checked.problems);
  const credit = await creditOf(orders, request, creditByName);
  const lines = valueGoods(request, checked.amounts.lines, catalog);
  return saveOrder(db, request, { ...checked.amounts, lines }, catalog, credit, ownerKey(), language);
}

/** Whether the order came with a student's link (their page, contact or social guid), whatever it names. */
const hasStudentLink = (request: CreateOrderRequest) =>
  Boolean(request.fundraiserDeviceGuid || request.contactGuid || request.socialGuid);

/**
 * The student page the order counts for: the one its link names (a link of another fundraiser, or
 * of no page, names no one), or, with no link, the one whose name was typed. A cash/check order must
 * come from the student's own page (its guid): a student sale.
 */
async function creditOf(
  orders: OrderRepository,
  request: CreateOrderRequest,
  creditByName: CreditByName,
): Promise<Credit> {
  if (hasStudentLink(request) || request.isCashCheck) {
    const device = await orders.creditedDevice(request);
    if (request.isCashCheck && !device?.byPageGuid) {
      throw new HttpError(400, CASH_CHECK_MESSAGES.notStudentOrder, [
        { field: 'fundraiserDeviceGuid', message: CASH_CHECK_MESSAGES.notStudentOrder },
      ]);
    }
    return { deviceId: device?.id ?? null, by: null };
  }
  const byName = await creditByName(request.fundraiserId, request.studentFirstName, request.studentLastName);
  if (byName.deviceId === null) return { deviceId: null, by: null };
  return { deviceId: byName.deviceId, by: byName.quiet ? 'name_quiet' : 'name' };
}

/**
 * Creates an order owned by `ownerKeyHash`, or replaces the lines of an unpaid one that browser
 * owns; one transaction, row-locked. Another browser's order, or none, is the same 404. The order
 * is credited to `fundraiserDeviceId`, except that an edited student sale keeps its student.
 */
async function saveOrder(
  db: Database,
  request: CreateOrderRequest,
  priced: OrderAmounts & { lines: ValuedLine[] },
  catalog: { testMode: boolean },
  credit: Credit,
  ownerKeyHash: string,
  language: Language,
): Promise<number> {
  const fields = {
    language,
    fundraiserId: request.fundraiserId,
    fundraiserDeviceId: credit.deviceId,
    creditedBy: credit.by,
    isDonate: Boolean(request.isDonate) || (priced.itemsTotal === 0 && priced.donation > 0),
    donation: priced.donation,
    itemsTotal: priced.itemsTotal,
    shippingTotal: priced.shippingTotal,
    orderTotal: priced.orderTotal,
    studentFirstName: tidyPersonName(request.studentFirstName, 'given'),
    studentLastName: tidyPersonName(request.studentLastName, 'family'),
    contactGuid: request.contactGuid ?? null,
    socialGuid: request.socialGuid ?? null,
  };
  return db.transaction(async (tx) => {
    const orderId = request.orderId ?? 0;
    if (orderId <= 0) {
      return insertOrder(
        tx,
        {
          ...fields,
          testMode: catalog.testMode,
          ownerKeyHash,
          studentSale: Boolean(request.isCashCheck),
        },
        priced.lines,
      );
    }
    const existing = await lockOrder(tx, orderId);
    if (!existing || existing.ownerKeyHash !== ownerKeyHash || existing.fundraiserId !== request.fundraiserId) {
      throw new HttpError(404, ACCESS_MESSAGES.orderNotFound);
    }
    if (existing.status !== 'unpaid') {
      throw new HttpError(409, 'This order has already been paid and can no longer be changed.');
    }
    // The lines and total are what a card charge under way is paying for.
    if (await pendingAttemptOf(tx, orderId)) throw new HttpError(409, PAYMENT_IN_PROGRESS);
    // A student's sale stays credited to the student whose page started it.
    const kept = existing.studentSale ? { fundraiserDeviceId: existing.fundraiserDeviceId, creditedBy: null } : {};
    await replaceOrder(tx, orderId, { ...fields, ...kept }, priced.lines);
    return orderId;
  });
}
