// Request bodies and files the server tests send again and again, built in one place. Plain data and
// fetch only (no app imports), so bench/src can send the very same checkout.

export const GOOD_CARD = '4111111111111111';
export const DECLINED_CARD = '4000000000000002';

/** The card the payment page sends to the sandbox's tokenize call. */
export const testCard = (cardNumber = GOOD_CARD) => ({
  holderName: 'Casey Morgan',
  cardNumber,
  cvv: '123',
  expiryMonth: '12',
  expiryYear: '2030',
});

/** A token for the card from the payment sandbox at `sandboxUrl`, as the browser gets it. */
export async function tokenizeCard(sandboxUrl: string, cardNumber = GOOD_CARD): Promise<string> {
  const response = await fetch(`${sandboxUrl}/v1/card/tokenize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(testCard(cardNumber)),
  });
  return ((await response.json()) as { token: string }).token;
}

/** CreateOrder lines, one option each, from `{ itemId, itemOptionId, qty }` rows. */
export const orderItems = (lines: { itemId: number; itemOptionId: number; qty: number }[]) =>
  lines.map(({ itemId, itemOptionId, qty }) => ({ itemId, fundraiserOrderItemOptions: [{ itemOptionId, qty }] }));

/** `qty` tubs of cookie dough (item 11, option 111, $18.00 on demo fundraiser 1). */
export const cookieDough = (qty: number) => orderItems([{ itemId: 11, itemOptionId: 111, qty }]);

/** The total of `newOrderBody()`: two tubs at $18.00, no shipping. */
export const NEW_ORDER_TOTAL = 3600;

/** A CreateOrder body for demo fundraiser 1 and its student Jordan Rivera: two tubs of cookie dough. */
export const newOrderBody = (overrides: Record<string, unknown> = {}) => ({
  fundraiserId: 1,
  studentFirstName: 'Jordan',
  studentLastName: 'Rivera',
  fundraiserOrderItems: cookieDough(2),
  ...overrides,
});

/** The supporter's details and shipping address, valid, as every way of paying sends them. */
export const supporterDetails = {
  supporterFirstName: 'Casey',
  supporterLastName: 'Morgan',
  supporterPhoneNumber: '(512) 555-0188',
  donorEmail: 'casey@example.com',
  country: 'United States',
  shippingAddress: '1 Main St',
  shippingCity: 'Austin',
  shippingState: 'TX',
  shippingZip: '78701',
};

/**
 * A ProcessOrder body paying `orderId` with the card `token`, as the checkout page sends it: the
 * server reads payment.token and payment.amount, the total the page showed (`amount`, by default
 * that of `newOrderBody()`); the rest is the billing address.
 */
export const cardCheckout = (
  orderId: number,
  token: string,
  { amount = NEW_ORDER_TOTAL, ...overrides }: Record<string, unknown> & { amount?: number } = {},
) => ({
  orderId,
  ...supporterDetails,
  payment: {
    amount,
    firstName: 'Casey',
    lastName: 'Morgan',
    address1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    token,
  },
  ...overrides,
});

/**
 * A ProcessOrderCashCheck body for `orderId`, as the cash/check page sends it: the supporter, cash
 * unless overridden, and `amount`, the total the page showed.
 */
export const cashCheckout = (orderId: number, amount: number, overrides: Record<string, unknown> = {}) => ({
  orderId,
  ...supporterDetails,
  paymentTypeId: 1,
  payment: { amount },
  ...overrides,
});

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI + APP0 JFIF): enough for the magic-number check. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
