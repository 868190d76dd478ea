// Issue 30: a stranger cannot get the site to e-mail anyone a receipt, and a student's cash or
// check sale is no tax receipt until the organisation says it received the money. On PGlite, and on
// PostgreSQL when DATABASE_URL is set (the budgets across two instances then on two connections).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import type { Receipt } from '@fu/shared/contracts';
import { COLLECTED_NOT_RECEIVED, NO_GOODS_FOR_CONTRIBUTION, TYPED_TEXT_MESSAGES } from '@fu/shared/rules';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/platform/config/config';
import { openDatabase } from '../src/platform/db/client';
import { emailBudgets, emailOutbox, fundraiserDevices, orders } from '../src/platform/db/schema';
import { DEMO_ORGANIZATION } from '../src/platform/config/env/schema';
import { displayName } from '../src/catalog/repositories/progress';
import { approvingGateway, confirmPhone, createTestApp, type Browser, type TestApp } from './helpers';
import { cardCheckout, cashCheckout, cookieDough, newOrderBody } from './fixtures';
import { pdfText } from './pdfText';

const ADMIN = { authorization: `Bearer ${testConfig().adminApiToken}`, 'x-admin-user': 'treasurer@lincoln.example' };
const VICTIM = 'victim@example.org';
const SECOND = 1000;

/** Budgets small enough to reach in a test, the rest as production has them. */
const limits = (overrides: Partial<Config['rateLimits']> = {}): Partial<Config> => ({
  rateLimits: { ...testConfig().rateLimits, emailsPerAddressPerDay: 3, emailsPerStudentPerDay: 4, ...overrides },
  organization: DEMO_ORGANIZATION,
});

let t: TestApp;
before(async () => {
  t = await createTestApp({ gateway: approvingGateway, config: limits() });
});
after(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(emailBudgets);
});

const post = (browser: Browser, url: string, payload: object) => browser({ method: 'POST', url, payload });

/** A new student page as a stranger makes one: any name, any phone, never confirmed. */
async function strangersPage(browser: Browser, phone: string): Promise<string> {
  const made = await post(browser, '/api/Orders/NewFundraiserDevice', {
    fundraiserId: 1,
    phone,
    studentFirstName: 'Sam',
    studentLastName: 'Stranger',
    studentIs13OrOlder: true,
  });
  assert.equal(made.statusCode, 200, made.body);
  return made.json() as string;
}

/** A cash (or check) sale recorded on the page `guid` in `browser`, for `amount` cents of cookie dough. */
async function recordSale(
  browser: Browser,
  guid: string,
  payment: Record<string, unknown> = {},
  tubs = 1,
): Promise<number> {
  const orderId = (
    await post(browser, '/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: guid })
  ).json() as number;
  const created = await post(
    browser,
    '/api/Orders/CreateOrder',
    newOrderBody({
      orderId,
      fundraiserDeviceGuid: guid,
      isCashCheck: true,
      studentFirstName: 'Sam',
      studentLastName: 'Stranger',
      fundraiserOrderItems: cookieDough(tubs),
    }),
  );
  assert.equal(created.statusCode, 200, created.body);
  const paid = await post(browser, '/api/Orders/ProcessOrderCashCheck', cashCheckout(orderId, 1800 * tubs, payment));
  assert.equal(paid.json(), 'success', paid.body);
  return orderId;
}

async function paidCardOrder(browser: Browser, donorEmail: string): Promise<number> {
  const orderId = (await post(browser, '/api/Orders/CreateOrder', newOrderBody())).json() as number;
  const paid = await post(browser, '/api/Orders/ProcessOrder', cardCheckout(orderId, 'tok_ok', { donorEmail }));
  assert.equal(paid.json(), 'success', paid.body);
  return orderId;
}

const emailsOf = (orderIds: number[]) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(
      inArray(
        emailOutbox.dedupeKey,
        orderIds.flatMap((id) => [`receipt-order-${id}`, `receipt-order-${id}-received`]),
      ),
    );

async function receiptOf(browser: Browser, orderId: number): Promise<{ receipt: Receipt; key: string }> {
  const link = await browser({ method: 'POST', url: `/api/donor/digitalReceipt/${orderId}` });
  assert.equal(link.statusCode, 200, link.body);
  const key = new URL(link.json() as string).searchParams.get('key')!;
  const answer = await t.inject(`/api/Orders/GetReceipt?orderId=${orderId}&key=${encodeURIComponent(key)}`);
  assert.equal(answer.statusCode, 200, answer.body);
  return { receipt: answer.json(), key };
}

async function receiptPdfText(orderId: number, key: string): Promise<string> {
  const answer = await t.inject(`/api/Orders/GetReceiptPdf?orderId=${orderId}&key=${encodeURIComponent(key)}`);
  assert.equal(answer.statusCode, 200);
  return (await pdfText(answer.rawPayload)).replace(/\s+/g, ' ');
}

const confirm = (payload: Record<string, unknown>, headers: Record<string, string> = ADMIN) =>
  t.inject({
    method: 'POST',
    url: '/api/Admin/ConfirmCashReceived',
    headers,
    payload: { fundraiserId: 1, ...payload },
  });

describe("a stranger's cash sale", () => {
  it('sends no e-mail to the address typed, and its receipt is no tax receipt: no tax wording, no EIN', async () => {
    const stranger = t.newBrowser();
    const guid = await strangersPage(stranger, '5125550901');
    const orderId = await recordSale(stranger, guid, {
      donorEmail: VICTIM,
      paymentTypeId: 3,
      checkNumber: '1001',
      donation: 0,
    });
    await t.app.backgroundIdle();

    const [email, ...more] = await emailsOf([orderId]);
    assert.equal(more.length, 0);
    assert.equal(email?.status, 'withheld', 'kept, so no catch-up sends it later');
    assert.equal(email?.sentAt, null);

    const { receipt, key } = await receiptOf(stranger, orderId);
    assert.deepEqual(receipt.collection, { receivedAt: null });
    assert.deepEqual(receipt.organization, { legalName: '', address: '', taxId: '' });
    const text = await receiptPdfText(orderId, key);
    assert.ok(text.includes(COLLECTED_NOT_RECEIVED), text);
    assert.ok(text.includes('Check #1001, recorded by a student'), text);
    assert.ok(text.includes('Total recorded $18.00'), text);
    for (const taxWord of [DEMO_ORGANIZATION.taxId, DEMO_ORGANIZATION.legalName, 'Tax ID', NO_GOODS_FOR_CONTRIBUTION]) {
      assert.ok(!text.includes(taxWord), `${taxWord} in ${text}`);
    }
    // The catch-up of lost notices finds nothing to send for it.
    assert.equal((await t.app.retryEmails({ now: new Date(Date.now() + 5 * 60 * SECOND) }))?.caughtUp, 0);
    assert.equal((await emailsOf([orderId])).filter((row) => row.status === 'sent').length, 0);
  });

  it('cannot carry a link or a domain in a name or a check number', async () => {
    const stranger = t.newBrowser();
    const page = await post(stranger, '/api/Orders/NewFundraiserDevice', {
      fundraiserId: 1,
      phone: '5125550902',
      studentFirstName: 'Visit http://evil.example/win',
      studentLastName: 'Now',
      studentIs13OrOlder: true,
    });
    assert.equal(page.statusCode, 400);
    assert.equal(page.json().message, TYPED_TEXT_MESSAGES.nameLink);
    assert.deepEqual(page.json().errors, [{ field: 'studentFirstName', message: TYPED_TEXT_MESSAGES.nameLink }]);

    const order = await post(stranger, '/api/Orders/CreateOrder', newOrderBody({ studentLastName: 'evil．example' }));
    assert.equal(order.statusCode, 400);
    assert.deepEqual(order.json().errors, [{ field: 'studentLastName', message: TYPED_TEXT_MESSAGES.nameLink }]);

    const guid = await strangersPage(stranger, '5125550903');
    const orderId = (await post(stranger, '/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: guid })).json();
    await post(
      stranger,
      '/api/Orders/CreateOrder',
      newOrderBody({ orderId, fundraiserDeviceGuid: guid, isCashCheck: true, fundraiserOrderItems: cookieDough(1) }),
    );
    for (const [overrides, field, message] of [
      [{ supporterFirstName: 'www.evil.example' }, 'firstName', TYPED_TEXT_MESSAGES.nameLink],
      [{ supporterLastName: 'win at evil.example' }, 'lastName', TYPED_TEXT_MESSAGES.nameLink],
      [{ paymentTypeId: 3, checkNumber: 'Visit evil.example' }, 'checkNumber', TYPED_TEXT_MESSAGES.checkNumber],
      [{ paymentTypeId: 3, checkNumber: '1001\u202E' }, 'checkNumber', TYPED_TEXT_MESSAGES.checkNumber],
    ] as const) {
      const paid = await post(stranger, '/api/Orders/ProcessOrderCashCheck', cashCheckout(orderId, 1800, overrides));
      assert.equal(paid.statusCode, 400, JSON.stringify(overrides));
      assert.deepEqual(paid.json().errors, [{ field, message }]);
    }
  });

  it('keeps names as people write them, without invisible or direction-changing characters', async () => {
    const stranger = t.newBrowser();
    const made = await post(stranger, '/api/Orders/NewFundraiserDevice', {
      fundraiserId: 1,
      phone: '5125550904',
      studentFirstName: '  Jordan\u202E\u200B ',
      studentLastName: 'Ri\u00ADvera\u2066',
      studentIs13OrOlder: true,
    });
    const [page] = await t.database.db
      .select()
      .from(fundraiserDevices)
      .where(eq(fundraiserDevices.guid, made.json() as string));
    assert.deepEqual([page?.studentFirstName, page?.studentLastName], ['Jordan', 'Rivera']);
  });

  it('names kept before the rule reach receipts and previews without their links or hidden characters', async () => {
    const stranger = t.newBrowser();
    const guid = await strangersPage(stranger, '5125550905');
    const orderId = await recordSale(stranger, guid, { donorEmail: VICTIM });
    await t.database.db
      .update(orders)
      .set({ supporterFirstName: 'Visit http://evil.example/win', studentLastName: 'Rivera\u202Eexe.gnp' })
      .where(eq(orders.id, orderId));
    const { receipt } = await receiptOf(stranger, orderId);
    assert.equal(receipt.supporterFirstName, 'Visit');
    assert.equal(receipt.studentLastName, '');
    assert.equal(displayName('Jor\u200Bdan\u202E', '\u2066evil.example'), 'Jordan');
  });
});

describe('who may e-mail the receipt of a recorded sale, and how often', () => {
  /** A student's page and browser: the browser proved the page's phone (a texted code confirmed in it). */
  async function provenStudent(phone: string): Promise<{ browser: Browser; guid: string }> {
    const browser = t.newBrowser();
    const guid = await strangersPage(browser, phone);
    await confirmPhone(t, guid, phone, browser);
    return { browser, guid };
  }

  const statusesOf = async (ids: number[]) => {
    const rows = await emailsOf(ids);
    return ids.map((id) => rows.find((row) => row.dedupeKey === `receipt-order-${id}`)?.status);
  };

  it("a stranger's page made with a real student's phone sends nothing, even once the student confirms the phone", async () => {
    const phone = '5125550911';
    const stranger = t.newBrowser();
    const strangersGuid = await strangersPage(stranger, phone);
    // The real student makes their page, confirms the phone in their browser and turns reminders on:
    // that marks every page of the phone confirmed, the stranger's too.
    const student = await provenStudent(phone);
    const optIn = await post(student.browser, '/api/Students/UpdateOptInStatus', {
      phone,
      status: true,
      fundraiserDeviceGuid: student.guid,
    });
    assert.equal(optIn.statusCode, 200, optIn.body);
    const [strangersPageRow] = await t.database.db
      .select()
      .from(fundraiserDevices)
      .where(eq(fundraiserDevices.guid, strangersGuid));
    assert.ok(strangersPageRow?.phoneVerifiedAt, 'the page counts as confirmed');

    const strangers = await recordSale(stranger, strangersGuid, { donorEmail: VICTIM });
    const students = await recordSale(student.browser, student.guid, { donorEmail: 'grandma@example.org' });
    await t.app.backgroundIdle();
    assert.deepEqual(await statusesOf([strangers, students]), ['withheld', 'sent']);
  });

  it('one mailbox gets a few receipts of recorded sales a day, however its address is spelled', async () => {
    const { browser, guid } = await provenStudent('5125550912');
    const ids: number[] = [];
    for (const address of ['Many@Gmail.com', 'm.a.n.y+x@gmail.com', 'many@googlemail.com.', 'many@gmail.com']) {
      ids.push(await recordSale(browser, guid, { donorEmail: address }));
    }
    await t.app.backgroundIdle();
    assert.deepEqual(await statusesOf(ids), ['sent', 'sent', 'sent', 'withheld']);
    // Asked again (a catch-up, another instance): stored already, whatever the budget says now.
    assert.deepEqual(
      await Promise.all(ids.map((id) => t.app.sendPaidOrderNotices(id).then((report) => report.email))),
      ['already sent', 'already sent', 'already sent', 'already sent'],
    );
  });

  it("a stranger's recorded sales cannot use up a donor's receipts: receipts of card payments are not budgeted", async () => {
    const { browser, guid } = await provenStudent('5125550913');
    for (let i = 0; i < 4; i++) await recordSale(browser, guid, { donorEmail: 'donor@example.org' });
    const buyer = t.newBrowser();
    const cards = [await paidCardOrder(buyer, 'donor@example.org'), await paidCardOrder(buyer, 'Donor@Example.org')];
    await t.app.backgroundIdle();
    assert.deepEqual(await statusesOf(cards), ['sent', 'sent']);
  });

  it("a student's sales are e-mailed within the student's daily budget, all the pages of the phone together", async () => {
    const phone = '5125550914';
    const { browser, guid } = await provenStudent(phone);
    const second = await strangersPage(browser, phone);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(await recordSale(browser, i % 2 ? second : guid, { donorEmail: `buyer${i}@example.org` }));
    }
    await t.app.backgroundIdle();
    // Each sale's e-mail goes out in the background, side by side: four fit the budget, whichever
    // claims it first; the fifth is withheld.
    assert.deepEqual((await statusesOf(ids)).sort(), ['sent', 'sent', 'sent', 'sent', 'withheld']);
    const sent = (await emailsOf(ids)).find((row) => row.status === 'sent')!;
    assert.match(sent.subject, /recorded, not yet a tax receipt/);
    assert.match(sent.textBody, /Recorded as collected by a student; not yet received by the organisation\./);
    assert.doesNotMatch(sent.textBody, /Tax ID|No goods or services/);
  });

  it('two instances on one database share the budgets', async () => {
    const { browser, guid } = await provenStudent('5125550915');
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await recordSale(browser, guid, { donorEmail: 'shared@example.org' }));
    await t.app.backgroundIdle();
    // As if the notices had not gone out yet: each instance now sends half of them, at once.
    await t.database.db.delete(emailOutbox).where(
      inArray(
        emailOutbox.dedupeKey,
        ids.map((id) => `receipt-order-${id}`),
      ),
    );
    await t.database.db.delete(emailBudgets);
    // On PostgreSQL the second instance has its own connections; PGlite is one process's database.
    const second =
      t.database.kind === 'postgres'
        ? await openDatabase({ databaseUrl: t.database.url, dataDir: '' })
        : { ...t.database, close: async () => {} };
    const other = await buildApp({ config: testConfig(limits()), database: second, gateway: approvingGateway });
    await other.ready();
    try {
      await Promise.all(ids.map((id, i) => (i % 2 ? other : t.app).sendPaidOrderNotices(id)));
      const statuses = await statusesOf(ids);
      assert.equal(statuses.filter((status) => status === 'sent').length, 3);
      assert.equal(statuses.filter((status) => status === 'withheld').length, 3);
    } finally {
      // Closes the second instance's database too: its own connections, or nothing for PGlite.
      await other.close();
    }
  });
});

describe('the organisation confirms the money it received', () => {
  it('lists what students recorded, confirms a deposit all or nothing, and only then is the receipt a tax receipt', async () => {
    const stranger = t.newBrowser();
    const guid = await strangersPage(stranger, '5125550907');
    const cash = await recordSale(stranger, guid, { donorEmail: VICTIM });
    const check = await recordSale(
      stranger,
      guid,
      { donorEmail: 'parent@example.org', paymentTypeId: 3, checkNumber: '1002' },
      2,
    );
    const card = await paidCardOrder(t.newBrowser(), 'card@example.org');

    const listed = await t.inject({ url: '/api/Admin/CollectedCashOrders?fundraiserId=1', headers: ADMIN });
    assert.equal(listed.statusCode, 200, listed.body);
    const awaiting = listed.json() as { orders: { orderId: number; amount: number; checkNumber: string | null }[] };
    const ours = awaiting.orders.filter((order) => [cash, check].includes(order.orderId));
    assert.deepEqual(
      ours.map((order) => [order.orderId, order.amount, order.checkNumber]),
      [
        [cash, 1800, null],
        [check, 3600, '1002'],
      ],
    );
    assert.ok(!awaiting.orders.some((order) => order.orderId === card), 'a card payment is not cash to confirm');

    // A card order (or any id that is no recorded sale) in the deposit refuses it whole.
    const refused = await confirm({ orderIds: [cash, check, card] });
    assert.equal(refused.statusCode, 409);
    assert.match(refused.json().message, new RegExp(`Order ${card} is not a cash or check sale`));
    assert.equal((await receiptOf(stranger, cash)).receipt.collection?.receivedAt, null);
    assert.equal((await confirm({ orderIds: [cash] }, { authorization: 'Bearer wrong' })).statusCode, 401);

    // Another fundraiser's deposit, or an amount the orders do not add up to: refused whole too.
    const elsewhere = await confirm({ fundraiserId: 6, orderIds: [cash] });
    assert.equal(elsewhere.statusCode, 409);
    assert.match(
      elsewhere.json().message,
      new RegExp(`Order ${cash} is not a cash or check sale a student recorded for fundraiser 6`),
    );
    const short = await confirm({ orderIds: [cash, check], expectedTotalCents: 5000 });
    assert.equal(short.statusCode, 409);
    assert.equal(
      short.json().message,
      'These orders add up to $54.00, not the $50.00 deposited; nothing was confirmed.',
    );
    assert.equal((await receiptOf(stranger, check)).receipt.collection?.receivedAt, null);

    const confirmed = await confirm({
      orderIds: [cash, check],
      depositReference: 'Deposit #7',
      expectedTotalCents: 5400,
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.deepEqual(
      { ...(confirmed.json() as object), receivedAt: undefined },
      {
        confirmed: [cash, check],
        alreadyConfirmed: [],
        receivedBy: 'treasurer@lincoln.example',
        receivedAt: undefined,
        totalCents: 5400,
      },
    );
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, check));
    assert.equal(row?.cashReceivedBy, 'treasurer@lincoln.example');
    assert.equal(row?.cashDepositRef, 'Deposit #7');
    const again = await confirm({ orderIds: [check] });
    assert.deepEqual(again.json().alreadyConfirmed, [check]);
    assert.deepEqual(again.json().confirmed, []);

    const { receipt, key } = await receiptOf(stranger, check);
    assert.equal(receipt.collection?.receivedAt, row?.cashReceivedAt?.toISOString());
    assert.deepEqual(receipt.organization, DEMO_ORGANIZATION);
    const text = await receiptPdfText(check, key);
    assert.ok(text.includes('Payment Paid by check #1002'), text);
    assert.ok(text.includes('Received by the organisation on'), text);
    assert.ok(text.includes(`Tax ID (EIN): ${DEMO_ORGANIZATION.taxId}`), text);
    assert.ok(!text.includes(COLLECTED_NOT_RECEIVED), text);

    // The tax receipts go out once each, also for the sale whose page never confirmed its phone.
    await t.app.backgroundIdle();
    const received = (await emailsOf([cash, check])).filter((email) => email.dedupeKey?.endsWith('-received'));
    assert.deepEqual(received.map((email) => [email.toAddress, email.status]).sort(), [
      ['parent@example.org', 'sent'],
      [VICTIM, 'sent'],
    ]);
    assert.match(received[0]!.subject, /^Your receipt for order/);
    assert.deepEqual(await t.app.sendReceivedReceipt(check), 'already sent');
  });

  it('the retry job sends a tax receipt the server stopped before sending', async () => {
    const student = t.newBrowser();
    const guid = await strangersPage(student, '5125550908');
    const orderId = await recordSale(student, guid, { donorEmail: 'late@example.org' });
    assert.equal((await confirm({ orderIds: [orderId] })).statusCode, 200);
    await t.app.backgroundIdle();
    await t.database.db.delete(emailOutbox).where(and(eq(emailOutbox.dedupeKey, `receipt-order-${orderId}-received`)));
    assert.equal((await t.app.retryEmails({ now: new Date(Date.now() + 5 * 60 * SECOND) }))?.caughtUp, 1);
    const [email] = (await emailsOf([orderId])).filter((row) => row.dedupeKey?.endsWith('-received'));
    assert.equal(email?.status, 'sent');
  });
});
