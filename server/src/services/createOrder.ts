import { ACCESS_MESSAGES, CASH_CHECK_MESSAGES, type CreateOrderRequest } from '@fu/shared/contracts';
import { tidyTypedText } from '@fu/shared/rules';
import type { Database } from '../db/client';
import { HttpError, notFound } from '../errors';
import { insertOrder, lockOrder, replaceOrder, type OrderRepository } from '../repositories/orders';
import { pendingAttemptOf } from '../repositories/payments';
import { PAYMENT_IN_PROGRESS } from './cardAttempts';
import { priceOrder, type PricedOrder } from './orderPricing';

export const FUNDRAISER_CLOSED = 'This fundraiser is no longer active. Thank you for your support.';

/**
 * Spec §7 CreateOrder: prices the request from the fundraiser's catalog (never from the request's
 * amounts) and saves it for the browser that owns it. `ownerKey` is that browser's key, made on
 * first use, so a refused request gives no browser a key.
 */
export async function createOrder(
  db: Database,
  orders: OrderRepository,
  request: CreateOrderRequest,
  ownerKey: () => string,
): Promise<number> {
  const catalog = await orders.catalogFor(request.fundraiserId);
  if (!catalog) throw notFound('Fundraiser not found.');
  if (!catalog.isActive) throw new HttpError(409, FUNDRAISER_CLOSED);
  const priced = priceOrder(request, catalog);
  if (!priced.ok) throw new HttpError(400, priced.problems[0]!.message, priced.problems);
  return saveOrder(db, orders, request, priced.order, catalog, ownerKey());
}

/**
 * Creates an order owned by `ownerKeyHash`, or replaces the lines of an unpaid one that browser
 * owns; one transaction, row-locked. Another browser's order, or none, is the same 404.
 * A cash/check order must come from the student's own page (its guid): a student sale.
 */
async function saveOrder(
  db: Database,
  orders: OrderRepository,
  request: CreateOrderRequest,
  priced: PricedOrder,
  catalog: { testMode: boolean },
  ownerKeyHash: string,
): Promise<number> {
  const device = await orders.creditedDevice(request);
  if (request.isCashCheck && !device?.byPageGuid) {
    throw new HttpError(400, CASH_CHECK_MESSAGES.notStudentOrder, [
      { field: 'fundraiserDeviceGuid', message: CASH_CHECK_MESSAGES.notStudentOrder },
    ]);
  }
  const fields = {
    fundraiserId: request.fundraiserId,
    fundraiserDeviceId: device?.id ?? null,
    isDonate: Boolean(request.isDonate) || (priced.itemsTotal === 0 && priced.donation > 0),
    donation: priced.donation,
    itemsTotal: priced.itemsTotal,
    shippingTotal: priced.shippingTotal,
    orderTotal: priced.orderTotal,
    studentFirstName: tidyTypedText(request.studentFirstName),
    studentLastName: tidyTypedText(request.studentLastName),
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
    const credit = existing.studentSale ? { fundraiserDeviceId: existing.fundraiserDeviceId } : {};
    await replaceOrder(tx, orderId, { ...fields, ...credit }, priced.lines);
    return orderId;
  });
}
