// Issue 30: cash and check sales a student recorded are not the organisation's money until it says
// it received them. The admin app lists what is waiting and confirms it, per order or per deposit;
// only then is the sale's receipt a tax receipt (docs/receipts-api.md, docs/admin-api.md).
import { Type, type Static } from 'typebox';

const OrderId = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const CollectedCashQuery = Type.Object({ fundraiserId: OrderId });
export type CollectedCashQuery = Static<typeof CollectedCashQuery>;

/** One sale a student recorded as collected, waiting for the organisation to confirm it received the money. */
export const CollectedCashOrder = Type.Object({
  orderId: Type.Integer(),
  studentFirstName: Type.String(),
  studentLastName: Type.String(),
  supporterFirstName: Type.String(),
  supporterLastName: Type.String(),
  /** 1 cash, 3 check. */
  paymentTypeId: Type.Integer(),
  checkNumber: Type.Union([Type.String(), Type.Null()]),
  /** What the student recorded as collected, in cents. */
  amount: Type.Integer(),
  recordedAt: Type.String({ description: 'ISO 8601' }),
});
export type CollectedCashOrder = Static<typeof CollectedCashOrder>;

/** GET /api/Admin/CollectedCashOrders: a fundraiser's recorded sales not yet confirmed, oldest first, and their sum. */
export const CollectedCashOrders = Type.Object({
  fundraiserId: Type.Integer(),
  orders: Type.Array(CollectedCashOrder),
  totalCents: Type.Integer(),
});
export type CollectedCashOrders = Static<typeof CollectedCashOrders>;

/**
 * POST /api/Admin/ConfirmCashReceived: the organisation received these sales' money, one order or a
 * whole deposit of one fundraiser. All or nothing: an id that is not a recorded cash or check sale
 * of that fundraiser refuses the call, and so does a total other than the one the deposit holds.
 */
export const ConfirmCashReceivedRequest = Type.Object({
  fundraiserId: OrderId,
  orderIds: Type.Array(OrderId, { minItems: 1, maxItems: 500 }),
  /** The deposit's amount in cents, when the admin app knows it: refused unless the orders add up to it. */
  expectedTotalCents: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  /** The deposit slip or bank reference the money came in, if any; kept with each order. */
  depositReference: Type.Optional(Type.String({ maxLength: 80 })),
});
export type ConfirmCashReceivedRequest = Static<typeof ConfirmCashReceivedRequest>;

export const ConfirmCashReceivedResponse = Type.Object({
  /** Confirmed by this call: their tax receipts are e-mailed. */
  confirmed: Type.Array(Type.Integer()),
  /** Confirmed before (by this call's twin or earlier): left as they were. */
  alreadyConfirmed: Type.Array(Type.Integer()),
  /** Who confirmed (X-Admin-User) and when, for this call's orders. */
  receivedBy: Type.String(),
  receivedAt: Type.String({ description: 'ISO 8601' }),
  totalCents: Type.Integer({ description: 'The sum of the orders confirmed by this call.' }),
});
export type ConfirmCashReceivedResponse = Static<typeof ConfirmCashReceivedResponse>;
