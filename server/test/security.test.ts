// Issue 16 "Safe in public": each finding of the attacker's report, replayed against the API. Every
// attack must be refused with a 4xx and leave the database exactly as it was (the rows are read
// before and after); the legitimate path beside it must still work. docs/security.md is the model.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { ACCESS_MESSAGES, CASH_CHECK_MESSAGES } from '@fu/shared/contracts';
import { testConfig } from '../src/platform/config/config';
import {
  browserPhones,
  fundraiserDevices,
  fundraisers,
  orderLines,
  orders,
  payments,
  phoneBudgets,
  phoneCodes,
  smsOutbox,
} from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { sendDueReminders } from '../src/students/services/reminders';
import { phoneBudgetRepository } from '../src/messaging/repositories/phoneBudgets';
import { textSafeName } from '../src/messaging/sms/textSafe';
import {
  approvingGateway,
  confirmPhone,
  createTestApp,
  phoneCodeTexted,
  textsTo,
  type Browser,
  type TestApp,
} from './helpers';
import { cardCheckout, cashCheckout, cookieDough, NEW_ORDER_TOTAL, newOrderBody, supporterDetails } from './fixtures';

const DEVICE = '11111111-1111-4111-8111-111111111111';
const STUDENT_PHONE = '5125550101';

let t: TestApp;
/** The supporter (or student) whose data the attacker is after, and the attacker: two browsers. */
let victim: Browser;
let attacker: Browser;
before(async () => {
  t = await createTestApp({ gateway: approvingGateway });
  victim = t.inject;
  attacker = t.newBrowser();
});
after(() => t.close());

const post = (browser: Browser, url: string, payload: object = {}) => browser({ method: 'POST', url, payload });
const get = (browser: Browser, url: string) => browser({ method: 'GET', url });

/** Every row an attack could touch, to compare before and after it. */
async function rows() {
  const db = t.database.db;
  return JSON.stringify({
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    lines: await db.select().from(orderLines).orderBy(asc(orderLines.id)),
    payments: await db.select().from(payments).orderBy(asc(payments.id)),
    devices: await db.select().from(fundraiserDevices).orderBy(asc(fundraiserDevices.id)),
    phoneCodes: await db.select().from(phoneCodes).orderBy(asc(phoneCodes.id)),
    browserPhones: await db.select().from(browserPhones),
    texts: await db.select().from(smsOutbox).orderBy(asc(smsOutbox.id)),
  });
}

/** Runs the attack and checks it changed nothing; answers its responses. */
async function refusedWithoutChange<T>(attack: () => Promise<T>): Promise<T> {
  const before = await rows();
  const answers = await attack();
  await t.app.backgroundIdle();
  assert.equal(await rows(), before, 'the attack changed the database');
  return answers;
}

function assertRefused(response: { statusCode: number; body: string }, status: number, message?: string) {
  assert.equal(response.statusCode, status, response.body);
  if (message) assert.equal(JSON.parse(response.body).message, message);
}

async function newOrder(browser: Browser, body = newOrderBody()): Promise<number> {
  const response = await post(browser, '/api/Orders/CreateOrder', body);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

async function paidOrder(browser: Browser): Promise<number> {
  const orderId = await newOrder(browser);
  const paid = await post(browser, '/api/Orders/ProcessOrder', cardCheckout(orderId, `tok_${orderId}`));
  assert.equal(paid.json(), 'success');
  return orderId;
}

describe('orders are capabilities of the browser that made them', () => {
  it('receipts: the receipt link of a paid order goes to its buyer only; probing ids gives nothing', async () => {
    const orderId = await paidOrder(victim);
    const stolen = await refusedWithoutChange(async () => {
      const answers = [];
      for (let id = 1; id <= orderId + 3; id++) answers.push(await post(attacker, `/api/donor/digitalReceipt/${id}`));
      return answers;
    });
    for (const answer of stolen) assertRefused(answer, 404, ACCESS_MESSAGES.orderNotFound);
    const mine = await post(victim, `/api/donor/digitalReceipt/${orderId}`);
    assert.equal(mine.statusCode, 200);
    const link = new URL(mine.json());
    const receipt = await get(
      attacker,
      `/api/Orders/GetReceipt?orderId=${orderId}&key=${link.searchParams.get('key')}`,
    );
    assert.equal(receipt.json().donorEmail, supporterDetails.donorEmail, 'the link itself is the secret');
    assertRefused(await get(attacker, `/api/Orders/GetReceipt?orderId=${orderId}&key=${'A'.repeat(32)}`), 404);
  });

  it("reading another browser's order (a student's name, a minor) is a 404 like no order at all", async () => {
    const orderId = await newOrder(victim);
    for (const url of [
      `/api/Orders/GetOrder?orderId=${orderId}`,
      `/api/Orders/GetFundraiserOrder?orderId=${orderId}`,
    ]) {
      const stranger = await get(attacker, url);
      assertRefused(stranger, 404, ACCESS_MESSAGES.orderNotFound);
      assert.ok(!stranger.body.includes('Jordan'));
      assert.deepEqual((await get(attacker, url.replace(String(orderId), '999999'))).json(), stranger.json());
      assert.equal((await get(victim, url)).json().studentFirstName, 'Jordan');
    }
  });

  it("CreateOrder with another browser's orderId rewrites nothing; the buyer is charged what they saw", async () => {
    const orderId = await newOrder(victim);
    const rewrite = await refusedWithoutChange(() =>
      post(attacker, '/api/Orders/CreateOrder', newOrderBody({ orderId, fundraiserOrderItems: cookieDough(99) })),
    );
    assertRefused(rewrite, 404, ACCESS_MESSAGES.orderNotFound);
    const paid = await post(victim, '/api/Orders/ProcessOrder', cardCheckout(orderId, 'tok_victim'));
    assert.equal(paid.json(), 'success');
    const charged = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    assert.deepEqual(
      charged.map((p) => [p.status, p.amount]),
      [['approved', NEW_ORDER_TOTAL]],
    );
  });

  it('paying, or TestProcess, from another browser is refused and charges nothing', async () => {
    const orderId = await newOrder(victim);
    for (const url of ['/api/Orders/ProcessOrder', '/api/Orders/TestProcess']) {
      const answer = await refusedWithoutChange(() => post(attacker, url, cardCheckout(orderId, 'tok_attacker')));
      assertRefused(answer, 404, ACCESS_MESSAGES.orderNotFound);
    }
  });

  it('an order changed after it was shown is not charged: 409 with the new total, then paid at it', async () => {
    const orderId = await newOrder(victim);
    // The same buyer changes the order in another tab (or anything else changes it) before paying.
    await post(victim, '/api/Orders/CreateOrder', newOrderBody({ orderId, fundraiserOrderItems: cookieDough(5) }));
    const stale = await refusedWithoutChange(() =>
      post(victim, '/api/Orders/ProcessOrder', cardCheckout(orderId, 'tok_stale', { amount: NEW_ORDER_TOTAL })),
    );
    assertRefused(stale, 409);
    assert.equal(stale.json().orderTotal, 5 * 1800);
    assert.match(stale.json().message, /its total is now \$90\.00\. Nothing was charged/);
    const fresh = await post(victim, '/api/Orders/ProcessOrder', cardCheckout(orderId, 'tok_fresh', { amount: 9000 }));
    assert.equal(fresh.json(), 'success');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.deepEqual([order!.status, order!.orderTotal], ['paid', 9000]);
  });

  it('an order id past the database integer is a 400, never a 500', async () => {
    for (const orderId of [3_000_000_000, 1e300]) {
      const edit = await refusedWithoutChange(() =>
        post(attacker, '/api/Orders/CreateOrder', newOrderBody({ orderId })),
      );
      assertRefused(edit, 400);
    }
  });

  it('a missing or non-integer amount is a 400, never a charge', async () => {
    const orderId = await newOrder(victim);
    const body = cardCheckout(orderId, 'tok_x');
    for (const amount of [undefined, 36.5, '3600', -1]) {
      const answer = await refusedWithoutChange(() =>
        post(victim, '/api/Orders/ProcessOrder', { ...body, payment: { ...body.payment, amount } }),
      );
      assertRefused(answer, 400);
    }
  });
});

describe('cash and check are recorded only by the student who took them', () => {
  /** A cash sale draft on the demo student's page, in `browser`. */
  async function studentDraft(browser: Browser): Promise<number> {
    const orderId = (await post(browser, '/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: DEVICE })).json();
    await post(
      browser,
      '/api/Orders/CreateOrder',
      newOrderBody({ orderId, fundraiserDeviceGuid: DEVICE, isCashCheck: true, fundraiserOrderItems: cookieDough(1) }),
    );
    return orderId;
  }
  const cash = (browser: Browser, orderId: number, amount = 1800) =>
    post(browser, '/api/Orders/ProcessOrderCashCheck', cashCheckout(orderId, amount));

  it("a stranger cannot mark anyone's unpaid order as paid in cash", async () => {
    const cardOrder = await newOrder(victim);
    const draft = await studentDraft(victim);
    for (const orderId of [cardOrder, draft]) {
      assertRefused(await refusedWithoutChange(() => cash(attacker, orderId)), 404, ACCESS_MESSAGES.orderNotFound);
    }
  });

  it("a supporter's own card order cannot be marked paid in cash, even by them; the student's sale can", async () => {
    const cardOrder = await newOrder(victim);
    assertRefused(
      await refusedWithoutChange(() => cash(victim, cardOrder, NEW_ORDER_TOTAL)),
      400,
      CASH_CHECK_MESSAGES.notStudentOrder,
    );
    // CreateOrder in cash/check mode without the student page's own guid is no student sale either.
    const posing = await refusedWithoutChange(() =>
      post(attacker, '/api/Orders/CreateOrder', newOrderBody({ isCashCheck: true, contactGuid: undefined })),
    );
    assertRefused(posing, 400, CASH_CHECK_MESSAGES.notStudentOrder);
    const draft = await studentDraft(victim);
    assert.equal((await cash(victim, draft)).json(), 'success');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, draft));
    assert.deepEqual([order!.status, order!.paymentTypeId, order!.studentSale], ['paid', 1, true]);
  });

  it('a cash sale changed after it was shown is not recorded: 409 with the new total, then at it', async () => {
    const draft = await studentDraft(victim);
    await post(
      victim,
      '/api/Orders/CreateOrder',
      newOrderBody({
        orderId: draft,
        fundraiserDeviceGuid: DEVICE,
        isCashCheck: true,
        fundraiserOrderItems: cookieDough(5),
      }),
    );
    const stale = await refusedWithoutChange(() => cash(victim, draft, 1800));
    assertRefused(stale, 409);
    assert.equal(stale.json().orderTotal, 9000);
    assert.equal((await cash(victim, draft, 9000)).json(), 'success');
  });

  it("cash/check orders are labelled in the student's orders and the progress figures", async () => {
    const orders = (await get(victim, `/api/Orders/ListOrders?fdid=${DEVICE}`)).json() as {
      paymentTypeId: number | null;
      orderTotal: number;
    }[];
    const cashTotal = orders
      .filter((o) => o.paymentTypeId === 1 || o.paymentTypeId === 3)
      .reduce((s, o) => s + o.orderTotal, 0);
    assert.ok(cashTotal > 0);
    assert.equal((await get(victim, `/api/Students/GetProgress?guid=${DEVICE}`)).json().cashCheckCents, cashTotal);
    assert.ok((await get(victim, '/api/Fundraisers/GetProgress?fundraiserId=1')).json().cashCheckCents >= cashTotal);
  });
});

describe('a phone number opens nothing', () => {
  const lookups = [
    (phone: string) => `/api/Fundraisers/GetFundraiserDevice?phone=${phone}`,
    (phone: string) => `/api/Fundraisers/ListActiveFundraisers?phone=${phone}`,
    (phone: string) => `/api/Orders/ListActiveFundraisersByPhone?phone=${phone}`,
    (phone: string) => `/api/Fundraisers/ListOrders?phone=${phone}`,
  ];

  it('lookups answer a known and an unknown number alike, with no guid or name; only the phone gets texts', async () => {
    for (const lookup of lookups) {
      const known = await get(attacker, lookup(STUDENT_PHONE));
      const unknown = await get(attacker, lookup('5125550999'));
      assert.equal(known.statusCode, 200);
      assert.equal(known.body, unknown.body);
      for (const secret of [DEVICE, 'Jordan', 'Rivera', '66666666', '77777777'])
        assert.ok(!known.body.includes(secret));
    }
    await t.app.backgroundIdle();
    assert.deepEqual(await textsTo(t.database, '5125550999'), []);
    const texts = await textsTo(t.database, STUDENT_PHONE);
    assert.ok(texts.some((text) => text.includes(`/Fundraiser/${DEVICE}`)));
    // Each lookup spent a slot of the phone's text budget, sent or not: the budget (which any text
    // call shows when it runs out) tells nothing either.
    const budgets = phoneBudgetRepository(t.database.db);
    assert.equal(await budgets.usedToday('5125550999', 'sms'), lookups.length);
    assert.equal(await budgets.usedToday('5125550999', 'sms'), await budgets.usedToday(STUDENT_PHONE, 'sms'));
  });

  it('lookups are limited per phone number and per client', async () => {
    const limited = await createTestApp({
      config: {
        rateLimits: { ...testConfig().rateLimits, phoneLookupsPerPhonePerDay: 2, phoneLookupsPerMinute: 3 },
      },
    });
    try {
      const lookup = (phone: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'GET',
          url: `/api/Fundraisers/GetFundraiserDevice?phone=${phone}`,
          remoteAddress,
        });
      // Per phone: from three addresses, the third lookup of one number is refused, known or not.
      for (const phone of [STUDENT_PHONE, '5125550999']) {
        assert.equal((await lookup(phone, '10.0.0.1')).statusCode, 200);
        assert.equal((await lookup(phone, '10.0.0.2')).statusCode, 200);
        assertRefused(await lookup(phone, '10.0.0.3'), 429);
      }
      // Per client: a fourth number from one address within the minute is refused.
      assert.equal((await lookup('5125550301', '10.0.0.9')).statusCode, 200);
      assert.equal((await lookup('5125550302', '10.0.0.9')).statusCode, 200);
      assert.equal((await lookup('5125550303', '10.0.0.9')).statusCode, 200);
      assertRefused(await lookup('5125550304', '10.0.0.9'), 429);
      // Browsing a school's groups is not a phone lookup: never limited.
      for (let i = 0; i < 5; i++) {
        const groups = await limited.app.inject({
          url: '/api/Fundraisers/ListActiveFundraisers?schoolId=1&itemId=0',
          remoteAddress: '10.0.0.9',
        });
        assert.equal(groups.statusCode, 200);
      }
    } finally {
      await limited.close();
    }
  });

  it("a page made with someone else's number sees none of their pages and changes none of their choices", async () => {
    const fake = (
      await post(attacker, '/api/Orders/NewFundraiserDevice', {
        fundraiserId: 3,
        phone: STUDENT_PHONE,
        studentFirstName: 'Not',
        studentLastName: 'Jordan',
        studentIs13OrOlder: true,
      })
    ).json() as string;
    const listed = await get(attacker, `/api/Orders/GetFundraisersForDevice?fdid=${fake}`);
    assert.deepEqual(
      listed.json().map((page: { guid: string }) => page.guid),
      [fake],
    );
    const [before] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, DEVICE));
    const off = await post(attacker, '/api/Students/UpdateOptInStatus', {
      phone: STUDENT_PHONE,
      status: false,
      fundraiserDeviceGuid: fake,
    });
    assert.equal(off.json().updated, 1);
    const [after] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, DEVICE));
    assert.deepEqual(after, before, "the student's own page is untouched");
  });

  it('UpdateOptInStatus without the page guid, or for a phone that is not the page’s, changes nothing', async () => {
    const noGuid = await refusedWithoutChange(() =>
      post(attacker, '/api/Students/UpdateOptInStatus', { phone: STUDENT_PHONE, status: false }),
    );
    assertRefused(noGuid, 400);
    const [other] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.fundraiserId, 3));
    const wrongPhone = await refusedWithoutChange(() =>
      post(attacker, '/api/Students/UpdateOptInStatus', {
        phone: '5125550188',
        status: true,
        fundraiserDeviceGuid: other!.guid,
      }),
    );
    assertRefused(wrongPhone, 403);
  });

  it('a confirmation code works once, on its own page, from any browser that holds it', async () => {
    await post(victim, '/api/Students/SendPhoneConfirmation', { fundraiserDeviceGuid: DEVICE });
    const code = await phoneCodeTexted(t.database, STUDENT_PHONE);
    const [fake] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.fundraiserId, 3));
    const elsewhere = await refusedWithoutChange(() =>
      post(attacker, '/api/Students/ConfirmPhone', { fundraiserDeviceGuid: fake!.guid, code }),
    );
    assertRefused(elsewhere, 400);
    const guessed = await refusedWithoutChange(() =>
      post(attacker, '/api/Students/ConfirmPhone', { fundraiserDeviceGuid: DEVICE, code: 'A'.repeat(32) }),
    );
    assertRefused(guessed, 400);
    assert.equal(
      (await post(victim, '/api/Students/ConfirmPhone', { fundraiserDeviceGuid: DEVICE, code })).statusCode,
      200,
    );
    const again = await refusedWithoutChange(() =>
      post(victim, '/api/Students/ConfirmPhone', { fundraiserDeviceGuid: DEVICE, code }),
    );
    assertRefused(again, 409);
  });
});

describe('a page whose phone an import changed', () => {
  it('needs its new phone confirmed: the old confirmation and codes texted to the old phone count no more', async () => {
    const made = await post(victim, '/api/Orders/NewFundraiserDevice', {
      fundraiserId: 1,
      phone: '5125550666',
      studentFirstName: 'Ana',
      studentLastName: 'Diaz',
      studentIs13OrOlder: true,
    });
    const guid = made.json() as string;
    await confirmPhone(t, guid, '5125550666');
    await post(victim, '/api/Students/SendPhoneConfirmation', { fundraiserDeviceGuid: guid });
    const oldCode = await phoneCodeTexted(t.database, '5125550666');
    const reimport = (phone: string) =>
      importData(t.database.db, {
        devices: [
          { guid, fundraiserId: 1, phone, studentFirstName: 'Ana', studentLastName: 'Diaz', studentIs13OrOlder: true },
        ],
      });
    await reimport('5125550666');
    const [same] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, guid));
    assert.notEqual(same!.phoneVerifiedAt, null, 'the same phone keeps its confirmation');
    await reimport('5125550667');
    const [moved] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, guid));
    assert.equal(moved!.phoneVerifiedAt, null);
    const stale = await refusedWithoutChange(() =>
      post(attacker, '/api/Students/ConfirmPhone', { fundraiserDeviceGuid: guid, code: oldCode }),
    );
    assertRefused(stale, 400);
  });
});

describe('no text without consent, and never a flood', () => {
  it('a name typed on a page never carries a link or a number into a text', () => {
    assert.equal(textSafeName('URGENT: pay fees at evil.example/x?1'), 'URGENT pay fees at evil exampl');
    assert.equal(textSafeName("Mary-Kate O'Neil"), "Mary-Kate O'Neil");
    assert.equal(textSafeName('Émile'), 'Émile');
    assert.equal(textSafeName('1234 567'), 'there');
  });

  it('pages made for one phone are limited per phone and per client', async () => {
    const limited = await createTestApp({
      config: { rateLimits: { ...testConfig().rateLimits, newPagesPerPhonePerDay: 3, newPagesPerHour: 5 } },
    });
    try {
      const make = (phone: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/Orders/NewFundraiserDevice',
          payload: { fundraiserId: 1, phone, studentFirstName: 'A', studentLastName: 'B', studentIs13OrOlder: true },
          remoteAddress,
        });
      const answers = [];
      for (let i = 0; i < 30; i++) answers.push((await make('5125550444', `10.1.0.${i}`)).statusCode);
      assert.deepEqual(answers, [200, 200, 200, ...Array.from({ length: 27 }, () => 429)]);
      const pages = await limited.database.db
        .select()
        .from(fundraiserDevices)
        .where(eq(fundraiserDevices.phone, '5125550444'));
      assert.equal(pages.length, 3);
      for (let i = 0; i < 5; i++) assert.equal((await make(`51255506${10 + i}`, '10.2.0.1')).statusCode, 200);
      assertRefused(await make('5125550699', '10.2.0.1'), 429);
    } finally {
      await limited.close();
    }
  });

  it('30 pages for one phone, all opted in: no reminder until confirmed, then one per fundraiser', async () => {
    const limited = await createTestApp({
      config: { rateLimits: { ...testConfig().rateLimits, smsPerPhonePerDay: 5 } },
    });
    try {
      const db = limited.database.db;
      const phone = '5125550555';
      await db.update(fundraisers).set({ startDate: '2027-01-10', endDate: '2027-02-10' }).where(eq(fundraisers.id, 1));
      const stranger = limited.newBrowser();
      const guids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const made = await stranger({
          method: 'POST',
          url: '/api/Orders/NewFundraiserDevice',
          payload: {
            fundraiserId: 1,
            phone,
            studentFirstName: `Kid${i}`,
            studentLastName: 'X',
            studentIs13OrOlder: true,
          },
        });
        guids.push(made.json());
        await stranger({
          method: 'POST',
          url: '/api/Students/UpdateOptInStatus',
          payload: { phone, status: true, fundraiserDeviceGuid: made.json() },
        });
      }
      // Each opt-in asked the phone for its consent, but the phone's daily budget stopped at 5 texts.
      assert.equal((await textsTo(limited.database, phone)).length, 5);
      const run = () =>
        sendDueReminders(limited.app.repositories.reminders, limited.app.sms, {
          publicUrl: 'https://fu.example',
          now: new Date('2027-01-12T15:00:00Z'),
        });
      assert.equal(await run(), 0, 'no page of the phone is confirmed: no reminder');

      // The phone's owner confirms two of the pages (the next day: a fresh budget), and the job runs.
      await db.delete(phoneBudgets).where(eq(phoneBudgets.phone, phone));
      const owner = limited.newBrowser();
      await confirmPhone(limited, guids[0]!, phone, owner);
      await confirmPhone(limited, guids[1]!, phone, owner);
      const sentBefore = (await textsTo(limited.database, phone)).length;
      assert.equal(await run(), 1, 'one reminder for the phone, not one per page');
      assert.equal(await run(), 0);
      assert.equal((await textsTo(limited.database, phone)).length, sentBefore + 1);
    } finally {
      await limited.close();
    }
  });

  it('every kind of text to one phone draws on one daily budget', async () => {
    const limited = await createTestApp({
      config: { rateLimits: { ...testConfig().rateLimits, smsPerPhonePerDay: 3 } },
    });
    try {
      const phone = STUDENT_PHONE;
      const inject = limited.inject;
      // A lookup text, a confirmation text and a ticket link: three kinds, three texts.
      await inject({ url: `/api/Fundraisers/GetFundraiserDevice?phone=${phone}` });
      await limited.app.backgroundIdle();
      const confirmation = await inject({
        method: 'POST',
        url: '/api/Students/UpdateOptInStatus',
        payload: { phone, status: true, fundraiserDeviceGuid: DEVICE },
      });
      assert.match(confirmation.json().message, /We texted a link/);
      const share = (n: string) =>
        inject({
          url: `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=33333333-3333-4333-8333-333333333333&phoneNumber=${n}`,
        });
      assert.equal((await share(phone)).statusCode, 200);
      assert.equal((await textsTo(limited.database, phone)).length, 3);
      // The fourth, of any kind, is not sent.
      assertRefused(await share(phone), 429, ACCESS_MESSAGES.tooManyTexts);
      const resend = await inject({
        method: 'POST',
        url: '/api/Students/SendPhoneConfirmation',
        payload: { fundraiserDeviceGuid: DEVICE },
      });
      assert.equal(resend.json().message, ACCESS_MESSAGES.tooManyTexts);
      await inject({ url: `/api/Fundraisers/ListOrders?phone=${phone}` });
      await limited.app.backgroundIdle();
      assert.equal((await textsTo(limited.database, phone)).length, 3);
    } finally {
      await limited.close();
    }
  });
});
