import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { DeviceOrder, FundraiserDevice, OrderView, Receipt, StudentProgress } from '@fu/shared/contracts';
import { testConfig } from '../src/platform/config/config';
import { fundraiserDevices, orders } from '../src/platform/db/schema';
import { BROWSER_KEY_COOKIE } from '../src/platform/plugins/browserKey';
import { approvingGateway, createTestApp, shownTotal, type Browser, type TestApp } from './helpers';
import { cardCheckout, cookieDough } from './fixtures';

// Issue 31 item 1, "Credit goes where the supporter says": an order from the directory path
// (/Order/{fundraiserId}/…) is credited to the student page whose name the supporter typed, when
// exactly one of the team's pages has that name. Every figure is read back through the student's own
// calls (GetMyFundraiser, ListOrders, GetProgress), never through the matching code under test.

const LINCOLN = 1; // demo: Jordan Rivera's team
const VOLLEYBALL = 3; // demo: another active team
const JORDAN = '11111111-1111-4111-8111-111111111111';
const JORDAN_CONTACT = '66666666-6666-4666-8666-666666666666';
const TOO_MANY_REQUESTS = /^Too many requests\. Please wait \d+ seconds and try again\.$/;

let t: TestApp;
before(async () => {
  t = await createTestApp({ gateway: approvingGateway });
  // Two students of one name on Jordan's team, an accented name, and a student of another team.
  await newStudent(LINCOLN, 'Alex', 'Kim');
  await newStudent(LINCOLN, 'Alex', 'Kim');
  await newStudent(LINCOLN, 'José', 'Núñez');
  await newStudent(VOLLEYBALL, 'Taylor', 'Brooks');
});
after(() => t.close());

const get = (url: string, browser: Browser = t.inject) => browser({ method: 'GET', url });
const post = (url: string, payload: object, browser: Browser = t.inject) => browser({ method: 'POST', url, payload });
async function json<T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const answer = await response;
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json() as T;
}

let phoneSeq = 5125557000;
/** A student page made as a student makes one (NewFundraiserDevice); its guid and row id. */
async function newStudent(fundraiserId: number, studentFirstName: string, studentLastName: string) {
  const guid = await json<string>(
    post('/api/Orders/NewFundraiserDevice', {
      fundraiserId,
      phone: String(phoneSeq++),
      studentFirstName,
      studentLastName,
      studentIs13OrOlder: true,
    }),
  );
  const [row] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, guid));
  return { guid, id: row!.id };
}

const matchStudent = (fundraiserId: number, firstName: string, lastName: string, browser: Browser = t.inject) =>
  get(
    `/api/Orders/MatchStudent?${new URLSearchParams({ fundraiserId: String(fundraiserId), firstName, lastName })}`,
    browser,
  );

/** A directory-path order (no student link): one tub of cookie dough ($18) for the typed student. */
const directoryOrder = (firstName: string, lastName: string, extra: Record<string, unknown> = {}) =>
  json<number>(
    post('/api/Orders/CreateOrder', {
      fundraiserId: LINCOLN,
      studentFirstName: firstName,
      studentLastName: lastName,
      fundraiserOrderItems: cookieDough(1),
      ...extra,
    }),
  );

async function payByCard(orderId: number) {
  const amount = await shownTotal(t.inject, orderId);
  assert.equal(
    await json<string>(post('/api/Orders/ProcessOrder', cardCheckout(orderId, `tok_credit_${orderId}`, { amount }))),
    'success',
  );
  return amount;
}

/** What Jordan's own page shows: its Orders button's count and total, its order list and progress. */
async function jordansPage() {
  const device = await json<FundraiserDevice>(get(`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${JORDAN}`));
  const list = await json<{ orderId: number }[]>(get(`/api/Orders/ListOrders?fdid=${JORDAN}`));
  const progress = await json<StudentProgress>(get(`/api/Students/GetProgress?guid=${JORDAN}`));
  return {
    ordersQty: device.ordersQty,
    ordersTotal: device.ordersTotal,
    orderIds: list.map((order) => order.orderId),
    raised: progress.raisedCents,
  };
}

const creditOf = async (orderId: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.fundraiserDeviceId;

describe('MatchStudent: does the typed name belong to one student of the team?', () => {
  it('finds the student whatever the case, accents and spaces, and names them "Jordan R." only', async () => {
    for (const [first, last] of [
      ['jordan', 'rivera'],
      ['  JORDAN ', '  Rivera  '],
      ['Jordán', 'RÍVERA'],
      ['jor\u200Bdan', 'rivera'],
    ] as const) {
      const answer = await matchStudent(LINCOLN, first, last);
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(answer.json(), { match: 'one', displayName: 'Jordan R.' }, `${first} ${last}`);
      assert.doesNotMatch(answer.body, /Rivera|5125550101|1111-4111/);
    }
    assert.deepEqual((await matchStudent(LINCOLN, 'Jose', 'Nunez')).json(), { match: 'one', displayName: 'José N.' });
    assert.deepEqual((await matchStudent(LINCOLN, 'jose  ', 'NÚÑEZ')).json(), {
      match: 'one',
      displayName: 'José N.',
    });
  });

  it('answers an unknown name, an ambiguous one, another team’s student and an unknown team alike', async () => {
    const answers = [
      await matchStudent(LINCOLN, 'Sam', 'Nobody'),
      await matchStudent(LINCOLN, 'Alex', 'Kim'),
      await matchStudent(LINCOLN, 'Taylor', 'Brooks'),
      await matchStudent(LINCOLN, 'Jordan', 'Riviera'),
      await matchStudent(999_999, 'Jordan', 'Rivera'),
    ];
    const shapeOf = (answer: (typeof answers)[number]) => ({
      status: answer.statusCode,
      body: answer.body,
      type: answer.headers['content-type'],
      cache: answer.headers['cache-control'],
    });
    for (const answer of answers) assert.deepEqual(shapeOf(answer), shapeOf(answers[0]!));
    assert.deepEqual(answers[0]!.json(), { match: 'none' });
    // The other team's student is found on their own team.
    assert.deepEqual((await matchStudent(VOLLEYBALL, 'taylor', 'brooks')).json(), {
      match: 'one',
      displayName: 'Taylor B.',
    });
  });

  it('refuses a blank name or a web address with the form’s own messages, never a 500', async () => {
    const blank = await matchStudent(LINCOLN, ' ', 'Rivera');
    assert.equal(blank.statusCode, 400);
    assert.equal(blank.json<{ message: string }>().message, 'Please enter a first name for the student.');
    const link = await matchStudent(LINCOLN, 'Jordan', 'evil.example');
    assert.equal(link.statusCode, 400);
    assert.equal(link.json<{ message: string }>().message, 'Please enter a name without a web address.');
    const missing = await get(`/api/Orders/MatchStudent?fundraiserId=${LINCOLN}&firstName=Jordan`);
    assert.equal(missing.statusCode, 400, missing.body);
    const long = await matchStudent(LINCOLN, 'J'.repeat(101), 'Rivera');
    assert.equal(long.statusCode, 400, long.body);
  });
});

describe('CreateOrder on the directory path credits the student whose name was typed', () => {
  it('one match: the order moves the student’s count, total, order list and progress, and says whom it supports', async () => {
    const before = await jordansPage();
    const orderId = await directoryOrder('jordan', ' rivera ');
    const view = await json<OrderView>(get(`/api/Orders/GetOrder?orderId=${orderId}`));
    assert.equal(view.creditedStudent, 'Jordan R.');
    const paid = await payByCard(orderId);
    const after = await jordansPage();
    assert.deepEqual(after, {
      ordersQty: before.ordersQty + 1,
      ordersTotal: before.ordersTotal + paid,
      orderIds: [orderId, ...before.orderIds],
      raised: before.raised + paid,
    });
    // The receipt says it too (the signed link the checkout is given).
    const key = new URL(await json<string>(post(`/api/donor/digitalReceipt/${orderId}`, {}))).searchParams.get('key');
    const receipt = await json<Receipt>(get(`/api/Orders/GetReceipt?orderId=${orderId}&key=${key}`));
    assert.equal(receipt.creditedStudent, 'Jordan R.');
  });

  it('no match, two matches or another team’s student: counted for the team only, nothing credited to a guess', async () => {
    const before = await jordansPage();
    for (const [first, last] of [
      ['Sam', 'Nobody'],
      ['Alex', 'Kim'],
      ['Taylor', 'Brooks'],
      ['Jordan', 'Riviera'],
    ] as const) {
      const orderId = await directoryOrder(first, last);
      assert.equal(await creditOf(orderId), null, `${first} ${last}`);
      const view = await json<OrderView>(get(`/api/Orders/GetOrder?orderId=${orderId}`));
      assert.equal(view.creditedStudent, undefined);
      await payByCard(orderId);
    }
    // Beside them, the one name that is exactly one student's: only that order moves Jordan's page.
    const matched = await directoryOrder('JORDAN', 'RIVERA');
    const paid = await payByCard(matched);
    const after = await jordansPage();
    assert.deepEqual(after.orderIds, [matched, ...before.orderIds]);
    assert.equal(after.raised, before.raised + paid);
  });

  it("a page made with a student's name gets the credit, never the supporter's name or phone", async () => {
    // Anyone can make a page with any name: the order counts for it, but its supporter typed a name
    // on the team's page and gave their details to no one's page.
    const { guid } = await newStudent(LINCOLN, 'Casey', 'Quinn');
    const orderId = await directoryOrder('casey', 'quinn');
    await payByCard(orderId);
    const listed = await json<DeviceOrder[]>(get(`/api/Orders/ListOrders?fdid=${guid}`));
    const order = listed.find((entry) => entry.orderId === orderId)!;
    assert.equal(order.fromTeamPage, true);
    assert.deepEqual(order.donor, { firstName: '', lastName: '', phone: null });
    assert.ok(!JSON.stringify(listed).includes('5125550188'), 'no supporter phone on the page');
    // An order from the student's own link still shows its supporter, as the spec's order list does.
    const jordans = await json<DeviceOrder[]>(get(`/api/Orders/ListOrders?fdid=${JORDAN}`));
    assert.ok(jordans.some((entry) => !entry.fromTeamPage && entry.donor.firstName !== ''));
  });

  it('an edit matches the name again: a changed name takes the credit away, and back', async () => {
    const orderId = await directoryOrder('Jordan', 'Rivera');
    assert.notEqual(await creditOf(orderId), null);
    await directoryOrder('Sam', 'Nobody', { orderId });
    assert.equal(await creditOf(orderId), null);
    await directoryOrder('JORDAN', 'RIVERA', { orderId });
    assert.notEqual(await creditOf(orderId), null);
  });

  it('a student’s own link keeps its student whatever name is typed', async () => {
    const orderId = await directoryOrder('Sam', 'Nobody', { contactGuid: JORDAN_CONTACT });
    const view = await json<OrderView>(get(`/api/Orders/GetOrder?orderId=${orderId}`));
    assert.equal(view.creditedStudent, 'Jordan R.');
    const [jordan] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, JORDAN));
    assert.equal(await creditOf(orderId), jordan!.id);
  });
});

describe('typed student names are kept tidied', () => {
  it('trimmed, one space, and capitalised when typed all in one case; a name written with care is kept', async () => {
    const cases: [string, string, string, string][] = [
      ['  jordan   ', ' rivera ', 'Jordan', 'Rivera'],
      ['MARY-KATE', "O'NEIL", 'Mary-Kate', "O'Neil"],
      ['sam', 'mcdonald', 'Sam', 'McDonald'],
      ['ana  maria', 'de la cruz', 'Ana Maria', 'de la Cruz'],
      ['Ana', 'de la Cruz', 'Ana', 'de la Cruz'],
      ['Jamie', 'McDonald', 'Jamie', 'McDonald'],
      ['DeShawn', 'van der Berg', 'DeShawn', 'van der Berg'],
      ['TJ', 'LEE', 'TJ', 'Lee'],
    ];
    for (const [first, last, storedFirst, storedLast] of cases) {
      const orderId = await directoryOrder(first, last);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      assert.deepEqual([row!.studentFirstName, row!.studentLastName], [storedFirst, storedLast], `${first} ${last}`);
    }
    // The spec's messages stay for a name left blank.
    const blank = await post('/api/Orders/CreateOrder', {
      fundraiserId: LINCOLN,
      studentFirstName: '   ',
      studentLastName: 'rivera',
      fundraiserOrderItems: cookieDough(1),
    });
    assert.equal(blank.statusCode, 400);
    assert.equal(blank.json<{ message: string }>().message, 'Please enter a first name for the student.');
  });
});

describe('a stranger cannot walk the roster: the name checks are limited per client and per team', () => {
  let limited: TestApp;
  before(async () => {
    limited = await createTestApp({
      config: { rateLimits: { ...testConfig().rateLimits, studentMatchPerMinute: 3, studentMatchPerTeamPerHour: 9 } },
    });
  });
  after(() => limited.close());

  const from = (remoteAddress: string) => (url: string) => limited.app.inject({ method: 'GET', url, remoteAddress });
  const check = (remoteAddress: string, firstName: string) =>
    from(remoteAddress)(
      `/api/Orders/MatchStudent?${new URLSearchParams({ fundraiserId: '1', firstName, lastName: 'Rivera' })}`,
    );
  const order = (remoteAddress: string, body: Record<string, unknown>) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/Orders/CreateOrder',
      remoteAddress,
      payload: { fundraiserId: 1, studentLastName: 'Rivera', fundraiserOrderItems: cookieDough(1), ...body },
    });

  it('checks and directory orders share one budget per client; then a check is a 429, and an order is credited quietly', async () => {
    const client = '203.0.113.40';
    assert.equal((await check(client, 'Jordan')).statusCode, 200);
    assert.equal((await check(client, 'Casey')).statusCode, 200);
    assert.equal((await order(client, { studentFirstName: 'Riley' })).statusCode, 200);
    const checked = await check(client, 'Jordan');
    assert.equal(checked.statusCode, 429);
    assert.match(checked.json<{ message: string }>().message, TOO_MANY_REQUESTS);
    // A name check never stops a sale nor takes a student's credit: the order is taken and counts for
    // Jordan, but its answers do not say so, so they tell a roster walker nothing.
    const taken = await order(client, { studentFirstName: 'Jordan' });
    assert.equal(taken.statusCode, 200, taken.body);
    const [row] = await limited.database.db.select().from(orders).where(eq(orders.id, taken.json<number>()));
    assert.notEqual(row?.fundraiserDeviceId, null);
    assert.equal(row?.creditedBy, 'name_quiet');
    const cookie = taken.cookies.find((set) => set.name === BROWSER_KEY_COOKIE)!;
    const view = await limited.app.inject({
      url: `/api/Orders/GetOrder?orderId=${taken.json<number>()}`,
      cookies: { [BROWSER_KEY_COOKIE]: cookie.value },
    });
    assert.equal(view.statusCode, 200, view.body);
    assert.equal(view.json<OrderView>().creditedStudent, undefined);
    // An order from a student's own link names its student by the link: no check, no limit.
    const linked = await order(client, { studentFirstName: 'Jordan', contactGuid: JORDAN_CONTACT });
    assert.equal(linked.statusCode, 200, linked.body);
    // Another client has a budget of its own.
    assert.equal((await check('203.0.113.41', 'Jordan')).statusCode, 200);
  });

  it('an IPv6 client is one client across its /64', async () => {
    for (const address of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:0db8:0005:0006:ffff::9']) {
      assert.equal((await check(address, 'Jordan')).statusCode, 200, address);
    }
    assert.equal((await check('2001:db8:5:6:1:2:3:4', 'Jordan')).statusCode, 429);
    assert.equal((await check('2001:db8:5:7::1', 'Jordan')).statusCode, 200, 'another /64');
  });

  it('one team gets so many checks an hour, from every address together', async () => {
    // The checks above spent 8 of the team's 9 (two clients, an IPv6 /64 and another; a check a
    // client's own budget refused spends none): the next client's first check is the team's last,
    // and after it the team is answered 429 whoever asks.
    assert.equal((await check('198.51.100.1', 'Jordan')).statusCode, 200);
    const refused = await check('198.51.100.2', 'Jordan');
    assert.equal(refused.statusCode, 429);
    assert.match(refused.json<{ message: string }>().message, TOO_MANY_REQUESTS);
  });
});
