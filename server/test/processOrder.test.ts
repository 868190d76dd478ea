import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MAX_ORDER_TOTAL_CENTS, orderChangedMessage } from '@fu/shared/contracts';
import { orders, payments } from '../src/platform/db/schema';
import { buildSandbox } from '../src/payments/sandbox/app';
import { sandboxGateway } from '../src/payments/gateway/sandboxGateway';
import type { PaymentGateway } from '../src/payments/gateway/gateway';
import { COVER_FEES_OFF, COVER_FEES_OVER_CEILING } from '../src/orders/services/coverFees';
import { createTestApp, shownTotal, type TestApp } from './helpers';
import { cardCheckout, cashCheckout, DECLINED_CARD, newOrderBody, orderItems, tokenizeCard } from './fixtures';

const SECRET = 'sk_test';
let sandbox: FastifyInstance;
let sandboxUrl: string;
let t: TestApp;
/** The gateway the app uses; a test can point it at a dead address to take the sandbox down. */
let current: PaymentGateway;

before(async () => {
  sandbox = await buildSandbox({ secretKey: SECRET, tokenizePerMinute: 10_000 });
  sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  current = sandboxGateway({ baseUrl: sandboxUrl, secretKey: SECRET });
  t = await createTestApp({
    gateway: { charge: (request) => current.charge(request), findCharge: (key) => current.findCharge(key) },
  });
});
after(async () => {
  await t.close();
  await sandbox.close();
});

const tokenize = (cardNumber?: string) => tokenizeCard(sandboxUrl, cardNumber);

async function newOrder(): Promise<number> {
  const response = await t.inject({ method: 'POST', url: '/api/Orders/CreateOrder', payload: newOrderBody() });
  return response.json();
}

const process = (body: object, url = '/api/Orders/ProcessOrder') => t.inject({ method: 'POST', url, payload: body });
const paymentsOf = (orderId: number) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));

describe('ProcessOrder', () => {
  it('charges the server total once and records brand, last 4 and reference, never the card', async () => {
    const orderId = await newOrder();
    const response = await process(cardCheckout(orderId, await tokenize()));
    assert.equal(response.statusCode, 200);
    assert.equal(response.json(), 'success');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.equal(order?.status, 'paid');
    assert.equal(order?.supporterPhoneNumber, '5125550188');
    const recorded = await paymentsOf(orderId);
    assert.equal(recorded.length, 1);
    assert.equal(recorded[0]?.amount, 3600);
    assert.equal(recorded[0]?.last4, '1111');
    assert.equal(recorded[0]?.brand, 'visa');
    assert.match(recorded[0]?.gatewayRef ?? '', /^ch_/);
    assert.ok(!JSON.stringify(recorded).includes('4111111111111111'));
  });

  it('a declined card leaves the order unpaid, and another card then pays it', async () => {
    const orderId = await newOrder();
    const declined = await process(cardCheckout(orderId, await tokenize(DECLINED_CARD)));
    assert.equal(declined.json(), 'Your card was declined.');
    const [unpaid] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.equal(unpaid?.status, 'unpaid');
    assert.equal((await process(cardCheckout(orderId, await tokenize()))).json(), 'success');
  });

  it('50 concurrent and then repeated submits of one order charge exactly once', async () => {
    const orderId = await newOrder();
    const tokens = await Promise.all(Array.from({ length: 50 }, () => tokenize()));
    const answers = await Promise.all(tokens.map((token) => process(cardCheckout(orderId, token))));
    assert.deepEqual(
      answers.map((a) => a.json()),
      tokens.map(() => 'success'),
    );
    assert.equal((await process(cardCheckout(orderId, tokens[0]!))).json(), 'success');
    const approved = (await paymentsOf(orderId)).filter((p) => p.status === 'approved');
    assert.equal(approved.length, 1);
  });

  it('answers the spec messages for bad supporter details', async () => {
    const orderId = await newOrder();
    for (const [overrides, message] of [
      [{ donorEmail: 'nope' }, 'Please enter a valid email address for shipping updates.'],
      [{ supporterPhoneNumber: '123' }, 'Please enter a valid phone number for receipt.'],
      [{ supporterPhoneNumber: '1234567890' }, 'Please enter a valid phone number for receipt.'],
      [{ supporterPhoneNumber: '(000) 000-0000' }, 'Please enter a valid phone number for receipt.'],
      [{ shippingAddress: ' ' }, 'Please enter your shipping address.'],
      [{ country: 'Canada' }, 'Please select a valid country.'],
      [{ shippingState: 'ZZ' }, 'Please provide a valid state.'],
      [{ shippingCity: '' }, 'City required.'],
      [{ shippingZip: '' }, 'Zip code required.'],
    ] as const) {
      const response = await process(cardCheckout(orderId, 'tok_x', overrides));
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().message, message);
    }
  });

  it('says clearly when the gateway is down, and a later retry succeeds once', async () => {
    const orderId = await newOrder();
    const token = await tokenize();
    const working = current;
    current = sandboxGateway({ baseUrl: 'http://127.0.0.1:1', secretKey: SECRET, timeoutMs: 1000 });
    const down = await process(cardCheckout(orderId, token));
    assert.equal(down.statusCode, 503);
    assert.equal(down.json().message, 'The payment service could not be reached. Please try again in a moment.');
    assert.equal(down.json().reason, 'payment gateway unavailable');
    assert.equal(down.headers['retry-after'], '5');
    current = working;
    assert.equal((await process(cardCheckout(orderId, token))).json(), 'success');
    assert.equal((await paymentsOf(orderId)).filter((p) => p.status === 'approved').length, 1);
  });

  it('TestProcess is only for test-mode orders; unknown orders are 404', async () => {
    const orderId = await newOrder();
    const response = await process(cardCheckout(orderId, await tokenize()), '/api/Orders/TestProcess');
    assert.equal(response.statusCode, 400);
    assert.equal((await process(cardCheckout(999999, 'tok'))).statusCode, 404);
  });
});

describe('ProcessOrder with the processing fee covered (issue 19)', () => {
  /** $36.00 at the default 2.9% + $0.30: ceil(3630 / 0.971) = 3739, so $1.39. */
  const FEE = 139;
  const orderView = async (orderId: number) =>
    (await t.inject(`/api/Orders/GetOrder?orderId=${orderId}`)).json<{ orderTotal: number; coverFeesAmount: number }>();

  it('GetOrder offers the fee for the current total; the charge is total + fee and the order keeps the fee', async () => {
    const orderId = await newOrder();
    const view = await orderView(orderId);
    assert.deepEqual([view.orderTotal, view.coverFeesAmount], [3600, FEE]);
    const token = await tokenize();
    const response = await process(cardCheckout(orderId, token, { amount: 3600 + FEE, coverFees: true }));
    assert.equal(response.json(), 'success');
    const charged = await current.findCharge(`order-${orderId}-${token}`);
    assert.equal(charged?.status === 'approved' && charged.amount, 3600 + FEE, 'the gateway charged total + fee');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.deepEqual([order?.status, order?.orderTotal, order?.coveredFee], ['paid', 3600, FEE]);
    assert.deepEqual(
      (await paymentsOf(orderId)).map((p) => [p.status, p.amount]),
      [['approved', 3600 + FEE]],
    );
  });

  it('follows the order: after an edit the fee is that of the new total', async () => {
    const orderId = await newOrder();
    await t.inject({
      method: 'POST',
      url: '/api/Orders/CreateOrder',
      payload: newOrderBody({ orderId, donation: 9000 }),
    });
    // $126.00: ceil(12630 / 0.971) = 13008, so $4.08.
    assert.equal((await orderView(orderId)).coverFeesAmount, 408);
    const response = await process(cardCheckout(orderId, await tokenize(), { amount: 12_600 + 408, coverFees: true }));
    assert.equal(response.json(), 'success');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.equal(order?.coveredFee, 408);
  });

  it('refuses, charging nothing, an amount that is not total + fee: the fee left out, or added without the box', async () => {
    const orderId = await newOrder();
    const token = await tokenize();
    const withoutFee = await process(cardCheckout(orderId, token, { amount: 3600, coverFees: true }));
    assert.equal(withoutFee.statusCode, 409);
    assert.equal(withoutFee.json().message, orderChangedMessage(3600 + FEE));
    assert.equal(withoutFee.json().coverFeesAmount, FEE);
    const feeNotAsked = await process(cardCheckout(orderId, token, { amount: 3600 + FEE }));
    assert.equal(feeNotAsked.statusCode, 409);
    assert.equal(feeNotAsked.json().message, orderChangedMessage(3600));
    assert.deepEqual(await paymentsOf(orderId), []);
    assert.equal(await current.findCharge(`order-${orderId}-${token}`), null, 'nothing reached the gateway');
    // Without the box the same card pays the order total, and no fee is kept.
    assert.equal((await process(cardCheckout(orderId, token, { amount: 3600, coverFees: false }))).json(), 'success');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.deepEqual([order?.status, order?.coveredFee], ['paid', 0]);
  });

  it('TestProcess covers the fee the same way on a test order', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/Orders/CreateOrder',
      payload: {
        fundraiserId: 6,
        studentFirstName: 'A',
        studentLastName: 'B',
        donation: 5000,
        fundraiserOrderItems: [],
      },
    });
    const orderId = created.json<number>();
    assert.equal((await orderView(orderId)).coverFeesAmount, 181);
    const token = await tokenize();
    const paid = await process(
      cardCheckout(orderId, token, { amount: 5181, coverFees: true }),
      '/api/Orders/TestProcess',
    );
    assert.equal(paid.json(), 'success');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.equal(order?.coveredFee, 181);
  });

  it('keeps the charge within the $1,000,000 ceiling: the fee is not offered, nor taken, past it', async () => {
    const donationOf = async (donation: number) =>
      (
        await t.inject({
          method: 'POST',
          url: '/api/Orders/CreateOrder',
          payload: newOrderBody({ donation, fundraiserOrderItems: [] }),
        })
      ).json<number>();
    const atCeiling = await donationOf(MAX_ORDER_TOTAL_CENTS);
    const view = await orderView(atCeiling);
    assert.deepEqual([view.orderTotal, view.coverFeesAmount], [MAX_ORDER_TOTAL_CENTS, 0], 'no box to tick');
    const token = await tokenize();
    // What a page that still offered the fee would send: $1,029,866.43.
    for (const amount of [MAX_ORDER_TOTAL_CENTS + 2_986_643, MAX_ORDER_TOTAL_CENTS]) {
      const refused = await process(cardCheckout(atCeiling, token, { amount, coverFees: true }));
      assert.equal(refused.statusCode, 400, refused.body);
      assert.deepEqual(refused.json(), {
        message: COVER_FEES_OVER_CEILING,
        errors: [{ field: 'coverFees', message: COVER_FEES_OVER_CEILING }],
      });
    }
    assert.equal(
      COVER_FEES_OVER_CEILING,
      'An order can be at most $1,000,000 with the processing fee you cover. Please pay without covering the fee, or split it into smaller orders.',
    );
    assert.deepEqual(await paymentsOf(atCeiling), []);
    assert.equal(await current.findCharge(`order-${atCeiling}-${token}`), null, 'nothing reached the gateway');
    const paid = await process(cardCheckout(atCeiling, token, { amount: MAX_ORDER_TOTAL_CENTS }));
    assert.equal(paid.json(), 'success');

    // The largest order whose charge with the fee is the ceiling itself still gets the offer.
    const largest = await donationOf(97_099_970);
    assert.equal((await orderView(largest)).coverFeesAmount, 2_900_030);
    const withFee = await process(
      cardCheckout(largest, await tokenize(), { amount: MAX_ORDER_TOTAL_CENTS, coverFees: true }),
    );
    assert.equal(withFee.json(), 'success');
    assert.deepEqual(
      (await paymentsOf(largest)).map((p) => [p.status, p.amount]),
      [['approved', MAX_ORDER_TOTAL_CENTS]],
    );
  });

  it('where the offer is off (0% + $0.00): GetOrder says 0 and coverFees is refused with a clear 400', async () => {
    const off = await createTestApp({
      config: { coverFees: { percentBasisPoints: 0, fixedCents: 0 } },
      gateway: { charge: (request) => current.charge(request), findCharge: (key) => current.findCharge(key) },
    });
    try {
      const orderId = (
        await off.inject({ method: 'POST', url: '/api/Orders/CreateOrder', payload: newOrderBody() })
      ).json<number>();
      const view = (await off.inject(`/api/Orders/GetOrder?orderId=${orderId}`)).json<{ coverFeesAmount: number }>();
      assert.equal(view.coverFeesAmount, 0);
      const token = await tokenize();
      const refused = await off.inject({
        method: 'POST',
        url: '/api/Orders/ProcessOrder',
        payload: cardCheckout(orderId, token, { coverFees: true }),
      });
      assert.equal(refused.statusCode, 400);
      assert.equal(refused.json().message, COVER_FEES_OFF);
      assert.equal(await current.findCharge(`order-${orderId}-${token}`), null);
      const paid = await off.inject({
        method: 'POST',
        url: '/api/Orders/ProcessOrder',
        payload: cardCheckout(orderId, token),
      });
      assert.equal(paid.json(), 'success');
    } finally {
      await off.close();
    }
  });
});

describe('receipt URL and browser logs', () => {
  it('gives the receipt URL of a paid order only', async () => {
    const orderId = await newOrder();
    const unpaid = await t.inject({ method: 'POST', url: `/api/donor/digitalReceipt/${orderId}` });
    assert.equal(unpaid.statusCode, 404);
    await process(cardCheckout(orderId, await tokenize()));
    const paid = await t.inject({ method: 'POST', url: `/api/donor/digitalReceipt/${orderId}` });
    assert.equal(paid.statusCode, 200);
    const url = new URL(paid.json());
    assert.equal(url.pathname, `/Receipt/${orderId}`);
    const key = url.searchParams.get('key');
    const receipt = await t.inject(`/api/Orders/GetReceipt?orderId=${orderId}&key=${key}`);
    assert.equal(receipt.statusCode, 200);
    const body = receipt.json();
    assert.equal(body.orderTotal, 3600);
    assert.equal(body.payment.last4, '1111');
    assert.deepEqual(body.lines, [
      {
        name: 'Gourmet Cookie Dough (3 lb tub): Chocolate Chip',
        quantity: 2,
        unitPrice: 1800,
        lineTotal: 3600,
        // Merchandise: its good-faith value is its price (issue 34, IRS Publication 1771).
        goodsValue: 3600,
      },
    ]);
    const guessed = await t.inject(`/api/Orders/GetReceipt?orderId=${orderId}&key=guess`);
    assert.equal(guessed.statusCode, 404);
    assert.equal((await t.inject({ method: 'POST', url: '/api/donor/digitalReceipt/abc' })).statusCode, 400);
  });

  it('keeps what the browser logs, and refuses an empty message', async () => {
    const ok = await t.inject({
      method: 'POST',
      url: '/api/Logger/Log/',
      payload: { message: 'Card Tokenization Error', level: 4 },
    });
    assert.deepEqual(ok.json(), { logged: true });
    const bad = await t.inject({ method: 'POST', url: '/api/Logger/Log/', payload: { message: '', level: 4 } });
    assert.equal(bad.statusCode, 400);
  });
});

describe('ProcessOrderCashCheck', () => {
  const DEVICE = '11111111-1111-4111-8111-111111111111';
  /**
   * A student's sale as the student page makes it (NewOrderWithFDID, then the order page saves
   * its lines into that draft), or with `device: false` a supporter's order on the team page.
   */
  const studentOrder = async (
    options: { device?: boolean; lines?: { itemId: number; itemOptionId: number; qty: number }[] } = {},
  ) => {
    const lines = options.lines ?? [
      { itemId: 11, itemOptionId: 111, qty: 2 },
      { itemId: 46, itemOptionId: 461, qty: 1 },
    ];
    const draft =
      options.device === false
        ? undefined
        : (
            await t.inject({
              method: 'POST',
              url: '/api/Orders/NewOrderWithFDID',
              payload: { fundraiserDeviceGuid: DEVICE },
            })
          ).json<number>();
    const response = await t.inject({
      method: 'POST',
      url: '/api/Orders/CreateOrder',
      payload: newOrderBody({
        orderId: draft,
        fundraiserDeviceGuid: options.device === false ? null : DEVICE,
        fundraiserOrderItems: orderItems(lines),
      }),
    });
    return response.json() as number;
  };
  /** Records the payment as the cash/check page does, with the total it shows. */
  const cashCheck = async (
    orderId: number,
    paymentTypeId: number | null,
    checkNumber?: string | null,
    amount?: number,
  ) =>
    t.inject({
      method: 'POST',
      url: '/api/Orders/ProcessOrderCashCheck',
      payload: cashCheckout(orderId, amount ?? (await shownTotal(t.inject, orderId)), { paymentTypeId, checkNumber }),
    });

  it('GetOrder gives items, shipping and the 5% convenience fee on them, computed on the server', async () => {
    const orderId = await studentOrder();
    const order = (await t.inject({ method: 'GET', url: `/api/Orders/GetOrder?orderId=${orderId}` })).json();
    assert.equal(order.itemsTotal, 2 * 1800 + 1500);
    assert.equal(order.shippingTotal, 0); // fundraiser 1 does not ship
    assert.equal(order.convenienceFee, 255); // 5% of $51.00
    assert.equal(order.paymentTypeId, null);
  });

  it('records a cash payment once, with no card data, and the receipt says cash', async () => {
    const orderId = await studentOrder();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cashCheck(orderId, 1)));
    assert.deepEqual(
      answers.map((a) => a.json()),
      answers.map(() => 'success'),
    );
    const recorded = await paymentsOf(orderId);
    assert.equal(recorded.length, 1);
    assert.equal(recorded[0]!.paymentTypeId, 1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.equal(order?.status, 'paid');
    assert.equal(order?.paymentTypeId, 1);
    assert.equal(recorded[0]!.amount, order?.orderTotal);
  });

  it('records a check with its number; a check without a number gets the spec message', async () => {
    const orderId = await studentOrder();
    const missing = await cashCheck(orderId, 3, '  ');
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, 'Please enter a check number.');
    assert.equal((await cashCheck(orderId, 3, '1042')).json(), 'success');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.equal(order?.checkNumber, '1042');
    assert.equal(order?.paymentTypeId, 3);
  });

  it('refuses a card type, no type, an order not taken by a student, and card-only items', async () => {
    const orderId = await studentOrder();
    for (const type of [2, null, 7]) {
      const response = await cashCheck(orderId, type);
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().message, 'Please choose Cash or Check.');
    }
    const anonymous = await cashCheck(await studentOrder({ device: false }), 1);
    assert.equal(anonymous.statusCode, 400);
    assert.match(anonymous.json().message, /student page/);
    const digitalCard = await cashCheck(await studentOrder({ lines: [{ itemId: 43, itemOptionId: 431, qty: 1 }] }), 1);
    assert.equal(digitalCard.statusCode, 400);
    assert.match(digitalCard.json().message, /cannot be paid by cash or check/);
    assert.equal((await cashCheck(999999, 1, null, 1800)).statusCode, 404);
  });
});
