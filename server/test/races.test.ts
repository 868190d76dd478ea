import { PAYMENT_IN_PROGRESS } from '../src/payments/services/cardAttempts';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { fundraiserDevices, orderLines, orders, payments } from '../src/platform/db/schema';
import type { ChargeRequest, PaymentGateway } from '../src/payments/gateway/gateway';
import { approvingGateway, confirmPhone, createTestApp, type TestApp } from './helpers';
import { cardCheckout, cashCheckout, cookieDough, newOrderBody } from './fixtures';

// Concurrent requests on one row must end in exactly one consistent outcome. Already covered
// elsewhere: 50 concurrent ProcessOrder submits (processOrder.test.ts), 5 concurrent cash
// submits (ibid.), 50 concurrent redemptions and two devices binding one ticket
// (tickets.test.ts), reminders run twice at once (students.test.ts). Here: the races between
// different calls on one order, and on one student's reminders choice.

const DEVICE = '11111111-1111-4111-8111-111111111111';
/** Option 111 (item 11) costs $18.00 on fundraiser 1, which does not ship: a cash/check item. */
const UNIT = 1800;

/** Approves every token after a short wait, so a charge holds its lock while the others arrive. */
const charges: ChargeRequest[] = [];
const gateway: PaymentGateway = {
  ...approvingGateway,
  charge: async (request) => {
    charges.push(request);
    await sleep(20);
    return approvingGateway.charge(request);
  },
};

let t: TestApp;
before(async () => {
  t = await createTestApp({ gateway });
});
after(() => t.close());

const post = (url: string, payload: object) => t.inject({ method: 'POST', url, payload });
const orderBody = (qty: number, orderId?: number) =>
  newOrderBody({ orderId, fundraiserDeviceGuid: DEVICE, fundraiserOrderItems: cookieDough(qty) });
const newOrder = async (qty = 2) => {
  const response = await post('/api/Orders/CreateOrder', orderBody(qty));
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as number;
};
/** A student's cash/check sale (NewOrderWithFDID, then its lines): card and cash can both pay it. */
const newStudentSale = async (qty = 2) => {
  const draft = (await post('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: DEVICE })).json() as number;
  const response = await post('/api/Orders/CreateOrder', { ...orderBody(qty, draft), isCashCheck: true });
  assert.equal(response.statusCode, 200, response.body);
  return draft;
};
/** Pays the total the page showed: a new order's two tubs unless said otherwise. */
const payByCard = (orderId: number, amount = 2 * UNIT) =>
  post('/api/Orders/ProcessOrder', cardCheckout(orderId, `tok_${orderId}`, { amount }));
const payInCash = (orderId: number) => post('/api/Orders/ProcessOrderCashCheck', cashCheckout(orderId, 2 * UNIT));

async function orderState(orderId: number) {
  const db = t.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const paid = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return { order: order!, lines, approved: paid.filter((payment) => payment.status === 'approved') };
}

describe('races on one order', () => {
  it('10 concurrent edits of one unpaid order: all succeed, and the order is exactly one of them', async () => {
    const orderId = await newOrder(1);
    const quantities = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const answers = await Promise.all(
      quantities.map((qty) => post('/api/Orders/CreateOrder', orderBody(qty, orderId))),
    );
    for (const answer of answers) {
      assert.equal(answer.statusCode, 200, answer.body);
      assert.equal(answer.json(), orderId);
    }
    const { order, lines } = await orderState(orderId);
    // One line, never the lines of two edits mixed or doubled, and totals that match it.
    assert.equal(lines.length, 1, JSON.stringify(lines));
    const [line] = lines;
    assert.ok(quantities.includes(line!.quantity));
    assert.equal(line!.itemOptionId, 111);
    assert.equal(order.itemsTotal, line!.quantity * UNIT);
    assert.equal(order.orderTotal, order.itemsTotal + order.shippingTotal + order.donation);
  });

  it('edits racing the card payment: a charge is only ever the total shown, and every late edit is refused', async () => {
    for (let round = 0; round < 4; round++) {
      const orderId = await newOrder(2);
      // Edits sent before (in odd rounds), with and after the payment of the two tubs the page
      // showed (the charge takes 20 ms, holding the order).
      const edit = (qty: number, delay: number) =>
        sleep(delay).then(() => post('/api/Orders/CreateOrder', orderBody(qty, orderId)));
      const early = round % 2 === 1 ? [edit(3, 0), edit(4, 1)] : [];
      const [paid, ...edits] = await Promise.all([
        sleep(15).then(() => payByCard(orderId)),
        ...early,
        edit(5, 20),
        edit(6, 30),
        edit(7, 50),
      ]);
      for (const edit of edits) {
        assert.ok(edit.statusCode === 200 || edit.statusCode === 409, edit.body);
        if (edit.statusCode === 409) {
          // Refused while the card attempt is open (committed before the charge), or once paid.
          assert.ok(
            [PAYMENT_IN_PROGRESS, 'This order has already been paid and can no longer be changed.'].includes(
              edit.json().message,
            ),
            edit.body,
          );
        }
      }
      const { order, lines, approved } = await orderState(orderId);
      const charged = charges.filter((charge) => charge.description.endsWith(` ${orderId}`)).length;
      assert.equal(
        order.itemsTotal,
        lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0),
      );
      if (paid.statusCode === 409) {
        // An edit landed before the payment: the total is not what was shown, so nothing is charged.
        assert.match(paid.json().message, /Nothing was charged/);
        assert.equal(order.status, 'unpaid');
        assert.deepEqual([approved.length, charged], [0, 0]);
        continue;
      }
      assert.equal(paid.json(), 'success');
      assert.equal(order.status, 'paid');
      assert.equal(approved.length, 1);
      // What was charged is what the page showed and what the order says was bought: no edit
      // slipped in before or after the charge.
      assert.equal(approved[0]!.amount, 2 * UNIT);
      assert.equal(approved[0]!.amount, order.orderTotal);
      assert.equal(charged, 1);
    }
  });

  it('card and cash submitted at once for one order: exactly one payment wins, the other sees it paid or in progress', async () => {
    for (let round = 0; round < 6; round++) {
      const orderId = await newStudentSale(2);
      // Alternate who is sent first, so both orders of arrival are exercised.
      const [card, cash] =
        round % 2 === 0
          ? await Promise.all([payByCard(orderId), payInCash(orderId)])
          : await Promise.all([payInCash(orderId), payByCard(orderId)]).then(([c, k]) => [k, c] as const);
      assert.equal(card.statusCode, 200, card.body);
      assert.equal(card.json(), 'success');
      // Cash arriving while the card attempt is open is told to wait; otherwise it finds the order paid.
      if (cash.statusCode === 409) assert.equal(cash.json().message, PAYMENT_IN_PROGRESS);
      else {
        assert.equal(cash.statusCode, 200, cash.body);
        assert.equal(cash.json(), 'success');
      }

      const { order, approved } = await orderState(orderId);
      assert.equal(order.status, 'paid');
      assert.equal(approved.length, 1, JSON.stringify(approved));
      const [payment] = approved;
      assert.equal(payment!.amount, 2 * UNIT);
      assert.equal(order.paymentTypeId, payment!.paymentTypeId);
      const charged = charges.filter((charge) => charge.description.endsWith(` ${orderId}`)).length;
      // The card was charged exactly when the card payment is the one recorded.
      assert.equal(charged, payment!.paymentTypeId === 2 ? 1 : 0);
    }
  });
});

describe('races on a student phone', () => {
  it('20 concurrent UpdateOptInStatus calls leave every page of the phone with the same choice', async () => {
    const phone = '5125550142';
    const guids: string[] = [];
    for (const fundraiserId of [1, 3, 5]) {
      const created = await post('/api/Orders/NewFundraiserDevice', {
        fundraiserId,
        phone,
        studentFirstName: 'Riley',
        studentLastName: 'Chen',
        studentIs13OrOlder: true,
      });
      assert.equal(created.statusCode, 200, created.body);
      guids.push(created.json());
    }
    // The phone's owner, in this browser, decides for every page of the phone.
    await confirmPhone(t, guids[0]!, phone);
    const statuses = Array.from({ length: 20 }, (_, i) => i % 2 === 0);
    const answers = await Promise.all(
      statuses.map((status) =>
        post('/api/Students/UpdateOptInStatus', { phone, status, fundraiserDeviceGuid: guids[0] }),
      ),
    );
    statuses.forEach((status, i) => {
      assert.equal(answers[i]!.statusCode, 200, answers[i]!.body);
      assert.deepEqual(answers[i]!.json(), { phone, isOptedIn: status, updated: 3, phoneConfirmed: true });
    });
    const pages = await t.database.db
      .select({ isOptedIn: fundraiserDevices.isOptedIn })
      .from(fundraiserDevices)
      .where(eq(fundraiserDevices.phone, phone));
    assert.equal(pages.length, 3);
    assert.equal(new Set(pages.map((page) => page.isOptedIn)).size, 1, JSON.stringify(pages));
    assert.equal(typeof pages[0]!.isOptedIn, 'boolean');
  });
});
