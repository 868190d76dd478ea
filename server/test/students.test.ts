import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { fundraiserDevices, fundraisers, orders, reminderSends, smsOutbox } from '../src/platform/db/schema';
import { dueReminder, sendDueReminders } from '../src/students/services/reminders';
import { outboxSmsProvider } from '../src/messaging/sms/outboxProvider';
import { httpSmsProvider } from '../src/messaging/sms/httpProvider';
import { testConfig } from '../src/platform/config/config';
import { confirmPhone, createTestApp, type TestApp } from './helpers';
import { cashCheckout, cookieDough, newOrderBody } from './fixtures';

const DEVICE = '11111111-1111-4111-8111-111111111111';
const PHONE = '5125550101';
let t: TestApp;

before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const get = (url: string) => t.inject({ method: 'GET', url });
const post = (url: string, payload: object) => t.inject({ method: 'POST', url, payload });

/** A paid cash order for the demo student, taken on their page. */
async function paidStudentOrder(qty: number, supporterFirstName = 'Casey'): Promise<number> {
  const orderId = (await post('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: DEVICE })).json() as number;
  await post(
    '/api/Orders/CreateOrder',
    newOrderBody({ orderId, fundraiserDeviceGuid: DEVICE, isCashCheck: true, fundraiserOrderItems: cookieDough(qty) }),
  );
  const answer = await post(
    '/api/Orders/ProcessOrderCashCheck',
    cashCheckout(orderId, qty * 1800, { supporterFirstName }),
  );
  assert.equal(answer.json(), 'success');
  return orderId;
}

describe('student page calls', () => {
  it('GetMyFundraiser and GetFundraiserDevice give the student, fundraiser, ticket and paid orders', async () => {
    const before = (await get(`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${DEVICE}`)).json();
    assert.equal(before.studentFirstName, 'Jordan');
    assert.equal(before.fundraiser.name, 'Lincoln Football 2026');
    assert.equal(before.fundraiser.schoolName, 'Lincoln High School');
    assert.ok(before.fundraiser.ticket.guid);
    assert.ok(
      before.fundraiser.fundraiserItems.some((entry: { item: { itemId: number } }) => entry.item.itemId === 46),
    );

    const first = await paidStudentOrder(1, 'Avery');
    const second = await paidStudentOrder(2, 'Blake');
    // An unpaid draft is not an order yet.
    await post('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: DEVICE });

    const device = (await get(`/api/Orders/GetFundraiserDevice?fdid=${DEVICE}`)).json();
    assert.equal(device.ordersQty, before.ordersQty + 2);
    assert.equal(device.ordersTotal, before.ordersTotal + 1800 + 3600);
    const list = (await get(`/api/Orders/ListOrders?fdid=${DEVICE}`)).json();
    assert.deepEqual(
      list.slice(0, 2).map((order: { orderId: number }) => order.orderId),
      [second, first],
    );
    assert.deepEqual(list[0].donor, { firstName: 'Blake', lastName: 'Morgan', phone: '5125550188' });
    assert.deepEqual(list[0].ordersItems, [
      { name: 'Gourmet Cookie Dough (3 lb tub): Chocolate Chip', amount: 2, price: 1800 },
    ]);
  });

  it('unknown or malformed guids are a 404 or a 400 with a message', async () => {
    const unknown = await get('/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=99999999-9999-4999-8999-999999999999');
    assert.equal(unknown.statusCode, 404);
    assert.match(unknown.json().message, /could not find that fundraiser page/);
    assert.equal((await get('/api/Orders/ListOrders?fdid=nope')).statusCode, 400);
  });

  it('a guid of 36 hex digits and dashes that is not a UUID is a 400, never a uuid cast error', async () => {
    // Found by the fuzz test: the old pattern [0-9a-fA-F-]{36} let these reach the uuid column (500).
    const notUuid = '-00-aAaA--aA0AAA0a-0--Aa--0a00aaa000';
    for (const response of [
      await get(`/api/Students/GetDeviceInfo?guid=${notUuid}`),
      await get(`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${notUuid}`),
      await get(`/api/Orders/GetFundraiserDevice?fdid=${notUuid}`),
      await get(`/api/Orders/GetQRCode?fdid=${notUuid}`),
      await get(`/api/Fundraisers/GetFundraiserDetailsForStudentContact?contactGuid=${notUuid}`),
      await post('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: notUuid }),
      await post('/api/Orders/IncrementShareClicks', { fundraiserDeviceGuid: notUuid }),
    ]) {
      assert.equal(response.statusCode, 400, response.body);
      // A query names a link ("not valid"), a body a field; either way the details say the pattern.
      assert.match(response.json().message, /^(Invalid \w+: must match pattern|This link is not valid\.)/);
      assert.match(response.json().errors[0].message, /^must match pattern/);
    }
  });

  it('GetFundraisersForDevice lists the pages of the same phone; GetQRCode gives the order link', async () => {
    const second = (
      await post('/api/Orders/NewFundraiserDevice', {
        fundraiserId: 3,
        phone: '(512) 555-0101',
        studentFirstName: 'Jordan',
        studentLastName: 'Rivera',
        studentIs13OrOlder: true,
      })
    ).json() as string;
    assert.match(second, /^[0-9a-f-]{36}$/);
    const pagesOf = async (guid: string) =>
      (await get(`/api/Orders/GetFundraisersForDevice?fdid=${guid}`)).json().map((page: { guid: string }) => page.guid);
    // Until this browser proves the phone, a page sees only itself: anyone can type any number.
    assert.deepEqual(await pagesOf(DEVICE), [DEVICE]);
    await confirmPhone(t, DEVICE, PHONE);
    const mine = (await get(`/api/Orders/GetFundraisersForDevice?fdid=${DEVICE}`)).json();
    assert.deepEqual(
      mine.map((page: { guid: string }) => page.guid),
      [DEVICE, second],
    );
    assert.equal(mine[1].fundraiserName, 'Lincoln Volleyball 2026');
    // The QR code is the student's contact link, never the page's own guid.
    const qr = (await get(`/api/Orders/GetQRCode?fdid=${DEVICE}`)).json();
    assert.equal(qr.url, `${testConfig().publicUrl}/Order/Contact/66666666-6666-4666-8666-666666666666`);
  });

  it('NewFundraiserDevice validates the phone and refuses an inactive fundraiser', async () => {
    const badPhone = await post('/api/Orders/NewFundraiserDevice', {
      fundraiserId: 1,
      phone: '12345',
      studentFirstName: 'A',
      studentLastName: 'B',
      studentIs13OrOlder: true,
    });
    assert.equal(badPhone.statusCode, 400);
    assert.equal(badPhone.json().message, 'Please enter a valid 10-digit phone number.');
    const inactive = await post('/api/Orders/NewFundraiserDevice', {
      fundraiserId: 2,
      phone: '5125550199',
      studentFirstName: 'A',
      studentLastName: 'B',
      studentIs13OrOlder: true,
    });
    assert.equal(inactive.statusCode, 409);
  });

  it('NewOrderWithFDID makes an unpaid order on the student page', async () => {
    const orderId = (await post('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: DEVICE })).json() as number;
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.equal(order?.status, 'unpaid');
    assert.equal(order?.studentFirstName, 'Jordan');
    assert.notEqual(order?.fundraiserDeviceId, null);
    const unknown = await post('/api/Orders/NewOrderWithFDID', {
      fundraiserDeviceGuid: '99999999-9999-4999-8999-999999999999',
    });
    assert.equal(unknown.statusCode, 404);
  });

  it('IncrementShareClicks counts a known page only', async () => {
    assert.deepEqual((await post('/api/Orders/IncrementShareClicks', { fundraiserDeviceGuid: DEVICE })).json(), {
      counted: true,
    });
    const unknown = await post('/api/Orders/IncrementShareClicks', {
      fundraiserDeviceGuid: '99999999-9999-4999-8999-999999999999',
    });
    assert.deepEqual(unknown.json(), { counted: false });
  });

  it('GetDeviceInfo and UpdateOptInStatus: the phone is validated and the choice persists', async () => {
    const optIn = (phone: string, status: unknown) =>
      post('/api/Students/UpdateOptInStatus', { phone, status, fundraiserDeviceGuid: DEVICE });
    assert.equal((await get(`/api/Students/GetDeviceInfo?guid=${DEVICE}`)).json().isOptedIn, null);
    const on = await optIn('512-555-0101', true);
    assert.equal(on.json().isOptedIn, true);
    assert.equal((await get(`/api/Students/GetDeviceInfo?guid=${DEVICE}`)).json().isOptedIn, true);
    await optIn(PHONE, false);
    assert.equal((await get(`/api/Students/GetDeviceInfo?guid=${DEVICE}`)).json().isOptedIn, false);
    const bad = await optIn('555', true);
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().message, 'Please enter a valid 10-digit phone number.');
    // Another phone than the page's: refused, nothing changes.
    assert.equal((await optIn('3125550100', true)).statusCode, 403);
    assert.equal((await get(`/api/Students/GetDeviceInfo?guid=${DEVICE}`)).json().isOptedIn, false);
    assert.equal((await optIn(PHONE, 'yes')).statusCode, 400);
  });
});

describe('reminder texts', () => {
  it('are due two days after kickoff (with a short catch-up) and with two days left, never after the end', () => {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
    const due = (iso: string) => dueReminder('2027-01-10', '2027-02-10', day(iso));
    assert.equal(due('2027-01-11'), undefined);
    assert.equal(due('2027-01-12'), 'after_kickoff');
    assert.equal(due('2027-01-13'), 'after_kickoff');
    assert.equal(due('2027-01-14'), undefined);
    assert.equal(due('2027-02-07'), undefined);
    assert.equal(due('2027-02-08'), 'two_days_left');
    assert.equal(due('2027-02-10'), 'two_days_left');
    assert.equal(due('2027-02-11'), undefined);
  });

  it('go once to opted-in students, even run twice or by two instances at once; never to opted-out ones', async () => {
    const db = t.database.db;
    await db.update(fundraisers).set({ startDate: '2027-01-10', endDate: '2027-02-10' }).where(eq(fundraisers.id, 1));
    const optedOut = (
      await post('/api/Orders/NewFundraiserDevice', {
        fundraiserId: 1,
        phone: '5125550177',
        studentFirstName: 'Sam',
        studentLastName: 'Lee',
        studentIs13OrOlder: true,
      })
    ).json() as string;
    await post('/api/Students/UpdateOptInStatus', { phone: PHONE, status: true, fundraiserDeviceGuid: DEVICE });
    await confirmPhone(t, DEVICE, PHONE);
    await post('/api/Students/UpdateOptInStatus', {
      phone: '5125550177',
      status: false,
      fundraiserDeviceGuid: optedOut,
    });
    await db.delete(reminderSends);
    await db.delete(smsOutbox);

    const sms = outboxSmsProvider(t.app.repositories.smsOutbox);
    const run = (iso: string) =>
      sendDueReminders(t.app.repositories.reminders, sms, {
        publicUrl: 'https://fu.example',
        now: new Date(`${iso}T15:00:00Z`),
      });
    const [a, b] = await Promise.all([run('2027-01-12'), run('2027-01-12')]);
    assert.equal(a + b, 1);
    assert.equal(await run('2027-01-13'), 0);
    assert.equal(await run('2027-02-09'), 1);
    assert.equal(await run('2027-02-10'), 0);
    assert.equal(await run('2027-02-11'), 0);

    const texts = await db.select().from(smsOutbox);
    assert.equal(texts.length, 2);
    assert.ok(texts.every((text) => text.toPhone === PHONE));
    assert.match(texts[0]!.body, /kicked off two days ago.*\$500 goal: https:\/\/fu\.example\/Fundraiser\/11111111-/);
    assert.match(texts[1]!.body, /Two days left/);
    const [samsDevice] = await db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, optedOut));
    const samsClaims = (await db.select().from(reminderSends)).filter((r) => r.fundraiserDeviceId === samsDevice!.id);
    assert.equal(samsClaims.length, 0);
  });

  it('never go to a number outside the US and Canada, even one confirmed before the rule, nor are tried again', async () => {
    const db = t.database.db;
    const bahamas = '2425550100';
    const guid = (
      await post('/api/Orders/NewFundraiserDevice', {
        fundraiserId: 1,
        phone: bahamas,
        studentFirstName: 'Ari',
        studentLastName: 'Knowles',
        studentIs13OrOlder: true,
      })
    ).json() as string;
    await db
      .update(fundraiserDevices)
      .set({ isOptedIn: true, phoneVerifiedAt: new Date() })
      .where(eq(fundraiserDevices.guid, guid));
    await db.update(fundraisers).set({ startDate: '2027-01-10', endDate: '2027-02-10' }).where(eq(fundraisers.id, 1));
    await db.delete(reminderSends);
    const run = () =>
      sendDueReminders(t.app.repositories.reminders, t.app.sms, {
        publicUrl: 'https://fu.example',
        now: new Date('2027-01-12T15:00:00Z'),
      });
    await run();
    await run();
    const texts = await db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, bahamas));
    assert.deepEqual(
      texts.map((text) => text.status),
      ['withheld'],
    );
    // The next test sends reminders through a provider of its own: this page is not among them.
    await db.update(fundraiserDevices).set({ isOptedIn: false }).where(eq(fundraiserDevices.guid, guid));
  });

  it('go through the HTTP provider when configured, and a failed send is retried on the next run', async () => {
    const received: { auth?: string; body: { to: string; body: string } }[] = [];
    let fail = true;
    const provider = createServer(async (request: IncomingMessage, response) => {
      let raw = '';
      for await (const chunk of request) raw += chunk;
      if (fail) {
        response.writeHead(503).end();
        return;
      }
      received.push({ auth: request.headers.authorization, body: JSON.parse(raw) });
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `msg-${received.length}` }));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      const db = t.database.db;
      await db.delete(reminderSends);
      await db.delete(smsOutbox);
      const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/send`;
      const sms = httpSmsProvider(t.app.repositories.smsOutbox, { url, token: 'sms-secret', from: '+15125550000' });
      const run = () =>
        sendDueReminders(t.app.repositories.reminders, sms, {
          publicUrl: 'https://fu.example',
          now: new Date('2027-01-12T15:00:00Z'),
        });
      assert.equal(await run(), 0);
      assert.deepEqual(
        (await db.select().from(smsOutbox)).map((row) => row.status),
        ['failed'],
      );
      fail = false;
      assert.equal(await run(), 1);
      assert.equal(received.length, 1);
      assert.equal(received[0]!.auth, 'Bearer sms-secret');
      assert.equal(received[0]!.body.to, `+1${PHONE}`);
      const sent = (await db.select().from(smsOutbox)).find((row) => row.status === 'sent');
      assert.equal(sent?.providerRef, 'msg-1');
    } finally {
      provider.close();
    }
  });
});
