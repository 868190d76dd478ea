import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, payments } from '../src/db/schema';
import { buildSandbox } from '../src/sandbox/app';
import { sandboxGateway } from '../src/payments/sandboxGateway';
import type { PaymentGateway } from '../src/payments/gateway';
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
      { name: 'Gourmet Cookie Dough (3 lb tub): Chocolate Chip', quantity: 2, unitPrice: 1800, lineTotal: 3600 },
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
