import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, payments, ticketPurchases } from '../src/platform/db/schema';
import { buildSandbox } from '../src/payments/sandbox/app';
import { sandboxGateway } from '../src/payments/gateway/sandboxGateway';
import type { ChargeRequest, PaymentGateway } from '../src/payments/gateway/gateway';
import { cardIdempotencyKey, PAYMENT_IN_PROGRESS, recoverPendingPayments } from '../src/payments/services/cardAttempts';
import { createTestApp, shownTotal, type TestApp } from './helpers';
import {
  cardCheckout,
  cashCheckout,
  cookieDough,
  DECLINED_CARD,
  newOrderBody,
  orderItems,
  tokenizeCard,
} from './fixtures';

const SECRET = 'sk_test';
let sandbox: FastifyInstance;
let sandboxUrl: string;
let real: PaymentGateway;
/** An address where nothing listens: connections to it are refused. */
let closedUrl: string;
let t: TestApp;

/**
 * What the next charge does. 'crash after' charges at the gateway and then fails as a killed server
 * would, before anything is recorded; 'crash before' fails before the gateway hears of it.
 */
let fault: 'none' | 'crash after' | 'crash before' = 'none';
let charges: ChargeRequest[] = [];
/** Where charges go: the sandbox, or a test's unreachable gateway. */
let target: PaymentGateway;
const faulty: PaymentGateway = {
  async charge(request) {
    charges.push(request);
    if (fault === 'crash before') throw new Error('simulated crash before the charge');
    const result = await target.charge(request);
    if (fault === 'crash after') throw new Error('simulated crash after the charge');
    return result;
  },
  findCharge: (key) => real.findCharge(key),
};

before(async () => {
  sandbox = await buildSandbox({ secretKey: SECRET, tokenizePerMinute: 10_000 });
  sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  real = sandboxGateway({ baseUrl: sandboxUrl, secretKey: SECRET });
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedUrl = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
  await new Promise((resolve) => closed.close(resolve));
  t = await createTestApp({ gateway: faulty });
});
after(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(() => {
  fault = 'none';
  target = real;
  charges = [];
});

const tokenize = (cardNumber?: string) => tokenizeCard(sandboxUrl, cardNumber);

const DEVICE = '11111111-1111-4111-8111-111111111111';
/** An order with a cookie dough line and a digital discount card (a ticket line), on a student's page. */
async function newOrder(orderId?: number): Promise<number> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/Orders/CreateOrder',
    payload: newOrderBody({
      orderId,
      fundraiserDeviceGuid: DEVICE,
      fundraiserOrderItems: orderItems([
        { itemId: 11, itemOptionId: 111, qty: 2 },
        { itemId: 43, itemOptionId: 431, qty: 1 },
      ]),
    }),
  });
  return response.json();
}

/** Pays as the checkout page does, with the total it shows. */
const pay = async (orderId: number, token: string) =>
  t.inject({
    method: 'POST',
    url: '/api/Orders/ProcessOrder',
    payload: cardCheckout(orderId, token, { amount: await shownTotal(t.inject, orderId) }),
  });

const orderOf = async (orderId: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const paymentsOf = (orderId: number) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
const recover = (staleAfterMs = 60_000) => recoverPendingPayments(t.database.db, real, { staleAfterMs });
const sandboxCharge = async (key: string) => {
  const response = await fetch(`${sandboxUrl}/v1/charges/${encodeURIComponent(key)}`, {
    headers: { authorization: `Bearer ${SECRET}` },
  });
  return { status: response.status, body: (await response.json()) as { status?: string; id?: string } };
};
/** Ages an order's pending attempt past any request's lifetime, as a crash long ago would leave it. */
const ageAttempts = (orderId: number) =>
  t.database.db
    .update(payments)
    .set({ createdAt: sql`now() - interval '1 hour'` })
    .where(eq(payments.orderId, orderId));

describe('a card attempt whose answer was lost', () => {
  it('is committed pending before the charge; recovery records the charge, pays the order, issues its tickets', async () => {
    const orderId = await newOrder();
    const token = await tokenize();
    fault = 'crash after';
    assert.equal((await pay(orderId, token)).statusCode, 500);

    const [attempt] = await paymentsOf(orderId);
    assert.equal(attempt?.status, 'pending');
    assert.equal(attempt?.idempotencyKey, cardIdempotencyKey(orderId, token));
    assert.equal((await orderOf(orderId)).status, 'unpaid');
    const atGateway = await sandboxCharge(attempt!.idempotencyKey);
    assert.equal(atGateway.body.status, 'approved');

    const report = await recover();
    assert.deepEqual(report, {
      found: 1,
      approved: 1,
      declined: 0,
      abandoned: 0,
      pending: 0,
      gatewayUnavailable: false,
    });
    const order = await orderOf(orderId);
    assert.equal(order.status, 'paid');
    assert.equal(order.paymentTypeId, 2);
    assert.equal(order.supporterPhoneNumber, '5125550188');
    assert.equal(order.shippingState, 'TX');
    const [recorded] = await paymentsOf(orderId);
    assert.equal(recorded?.status, 'approved');
    assert.equal(recorded?.gatewayRef, atGateway.body.id);
    assert.equal(recorded?.amount, order.orderTotal);
    assert.equal(recorded?.last4, '1111');
    const tickets = await t.database.db.select().from(ticketPurchases).where(eq(ticketPurchases.orderId, orderId));
    assert.equal(tickets.length, 1);
    assert.equal(tickets[0]?.phone, '5125550188');

    // Recovery again, or the same submit again, changes nothing and charges nothing more.
    assert.equal((await recover()).found, 0);
    fault = 'none';
    assert.equal((await pay(orderId, token)).json(), 'success');
    assert.equal((await paymentsOf(orderId)).length, 1);
  });

  it('a charge with the processing fee covered is recovered with its fee, as the request would have recorded it', async () => {
    const orderId = await newOrder();
    const token = await tokenize();
    const view = (await t.inject(`/api/Orders/GetOrder?orderId=${orderId}`)).json<{
      orderTotal: number;
      coverFeesAmount: number;
    }>();
    assert.ok(view.coverFeesAmount > 0);
    fault = 'crash after';
    const lost = await t.inject({
      method: 'POST',
      url: '/api/Orders/ProcessOrder',
      payload: cardCheckout(orderId, token, { amount: view.orderTotal + view.coverFeesAmount, coverFees: true }),
    });
    assert.equal(lost.statusCode, 500);
    assert.equal((await recover()).approved, 1);
    const order = await orderOf(orderId);
    assert.deepEqual(
      [order.status, order.orderTotal, order.coveredFee],
      ['paid', view.orderTotal, view.coverFeesAmount],
    );
    const [recorded] = await paymentsOf(orderId);
    assert.equal(recorded?.amount, view.orderTotal + view.coverFeesAmount);
  });

  it('the same card submitted again finds the charge under the same key instead of charging twice', async () => {
    const orderId = await newOrder();
    const token = await tokenize();
    fault = 'crash after';
    await pay(orderId, token);
    fault = 'none';
    assert.equal((await pay(orderId, token)).json(), 'success');
    const recorded = await paymentsOf(orderId);
    assert.deepEqual(
      recorded.map((p) => p.status),
      ['approved'],
    );
    assert.equal((await orderOf(orderId)).status, 'paid');
  });

  it('never reached the gateway: stays pending while young, then is abandoned and the order stays payable', async () => {
    const orderId = await newOrder();
    const token = await tokenize();
    fault = 'crash before';
    assert.equal((await pay(orderId, token)).statusCode, 500);
    assert.equal((await sandboxCharge(cardIdempotencyKey(orderId, token))).status, 404);

    // Young: its request could still be on the way, so it is not given up yet.
    assert.deepEqual(await recover(), {
      found: 1,
      approved: 0,
      declined: 0,
      abandoned: 0,
      pending: 1,
      gatewayUnavailable: false,
    });
    assert.equal((await recover(0)).abandoned, 1);
    assert.deepEqual(
      (await paymentsOf(orderId)).map((p) => p.status),
      ['abandoned'],
    );
    assert.equal((await orderOf(orderId)).status, 'unpaid');
    assert.equal((await orderOf(orderId)).supporterPhoneNumber, null);

    // The same card (its token was never used) now pays it, once.
    fault = 'none';
    assert.equal((await pay(orderId, token)).json(), 'success');
    assert.deepEqual(
      (await paymentsOf(orderId)).map((p) => p.status),
      ['approved'],
    );
  });

  it('a decline whose answer was lost is recorded as a decline', async () => {
    const orderId = await newOrder();
    fault = 'crash after';
    await pay(orderId, await tokenize(DECLINED_CARD));
    assert.equal((await recover()).declined, 1);
    assert.deepEqual(
      (await paymentsOf(orderId)).map((p) => p.status),
      ['declined'],
    );
    assert.equal((await orderOf(orderId)).status, 'unpaid');
  });

  it('while the gateway is down recovery keeps the attempt pending, and settles it later', async () => {
    const orderId = await newOrder();
    fault = 'crash after';
    await pay(orderId, await tokenize());
    const down = sandboxGateway({ baseUrl: closedUrl, secretKey: SECRET, timeoutMs: 1000 });
    const report = await recoverPendingPayments(t.database.db, down, { staleAfterMs: 0 });
    assert.equal(report.gatewayUnavailable, true);
    assert.equal(report.pending, 1);
    assert.equal((await paymentsOf(orderId))[0]?.status, 'pending');
    assert.equal((await recover(0)).approved, 1);
    assert.equal((await orderOf(orderId)).status, 'paid');
  });

  it('another card waits for a pending attempt; one left by a dead server is settled from the gateway first', async () => {
    const orderId = await newOrder();
    fault = 'crash after';
    await pay(orderId, await tokenize());
    await ageAttempts(orderId);
    fault = 'none';
    charges = [];
    // The lost charge went through: the order is paid by it and the second card is never charged.
    assert.equal((await pay(orderId, await tokenize())).json(), 'success');
    assert.equal(charges.length, 0);
    assert.deepEqual(
      (await paymentsOf(orderId)).map((p) => p.status),
      ['approved'],
    );

    const unpaid = await newOrder();
    fault = 'crash before';
    await pay(unpaid, await tokenize());
    await ageAttempts(unpaid);
    fault = 'none';
    // The lost attempt never reached the gateway: it is abandoned and the new card pays.
    assert.equal((await pay(unpaid, await tokenize())).json(), 'success');
    assert.deepEqual((await paymentsOf(unpaid)).map((p) => p.status).sort(), ['abandoned', 'approved']);
  });

  it("another card waits while a young attempt (another server's, say) is pending, then pays", async () => {
    const orderId = await newOrder();
    fault = 'crash before';
    await pay(orderId, await tokenize());
    fault = 'none';
    let answered = false;
    const second = pay(orderId, await tokenize()).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(answered, false);
    // Its owner hears back: declined. The waiting submit then charges its own card.
    await t.database.db.update(payments).set({ status: 'declined' }).where(eq(payments.orderId, orderId));
    assert.equal((await second).json(), 'success');
    assert.deepEqual((await paymentsOf(orderId)).map((p) => p.status).sort(), ['approved', 'declined']);
  });

  it('cash, check or an edit of the order wait for a card payment in progress', async () => {
    const orderId = await newOrder();
    fault = 'crash before';
    await pay(orderId, await tokenize());
    const cash = await t.inject({
      method: 'POST',
      url: '/api/Orders/ProcessOrderCashCheck',
      payload: cashCheckout(orderId, await shownTotal(t.inject, orderId)),
    });
    assert.equal(cash.statusCode, 409);
    assert.equal(cash.json().message, PAYMENT_IN_PROGRESS);
    const edit = await t.inject({
      method: 'POST',
      url: '/api/Orders/CreateOrder',
      payload: newOrderBody({ orderId, fundraiserOrderItems: cookieDough(5) }),
    });
    assert.equal(edit.statusCode, 409);
    assert.equal(edit.json().message, PAYMENT_IN_PROGRESS);
    await recover(0);
    assert.equal(await newOrder(orderId), orderId);
  });

  it('a gateway that refuses the connection leaves nothing pending: the charge cannot exist', async () => {
    const orderId = await newOrder();
    const token = await tokenize();
    target = sandboxGateway({ baseUrl: closedUrl, secretKey: SECRET, timeoutMs: 1000 });
    const down = await pay(orderId, token);
    assert.equal(down.statusCode, 503);
    assert.equal(down.json().message, 'The payment service could not be reached. Please try again in a moment.');
    assert.deepEqual(
      (await paymentsOf(orderId)).map((p) => p.status),
      ['abandoned'],
    );
    // Back up: the same card pays at once, nothing waits for a stale attempt.
    target = real;
    assert.equal((await pay(orderId, token)).json(), 'success');
    assert.deepEqual(
      (await paymentsOf(orderId)).map((p) => p.status),
      ['approved'],
    );
  });
});

describe('sandbox charge lookup', () => {
  it('finds a charge by idempotency key with the secret key only, and 404s an unknown key', async () => {
    const orderId = await newOrder();
    const token = await tokenize();
    assert.equal((await pay(orderId, token)).json(), 'success');
    const key = cardIdempotencyKey(orderId, token);
    const found = await sandboxCharge(key);
    assert.equal(found.status, 200);
    assert.equal(found.body.status, 'approved');
    assert.equal((await sandboxCharge('order-0-tok_unknown')).status, 404);
    const anonymous = await fetch(`${sandboxUrl}/v1/charges/${key}`);
    assert.equal(anonymous.status, 401);
    const listed = await fetch(`${sandboxUrl}/v1/charges`, { headers: { authorization: `Bearer ${SECRET}` } });
    const { data } = (await listed.json()) as { data: { idempotencyKey: string }[] };
    assert.ok(data.some((charge) => charge.idempotencyKey === key));
    assert.equal(await real.findCharge('order-0-tok_unknown'), null);
  });
});
