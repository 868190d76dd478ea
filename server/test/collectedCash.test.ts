// Issue 30: a stranger cannot get the site to e-mail anyone a receipt, and a student's cash or
// check sale is no tax receipt until the organisation says it received the money. On PGlite, and on
// PostgreSQL when DATABASE_URL is set (the budgets across two instances then on two connections).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import type { Receipt } from '@fu/shared/contracts';
import { COLLECTED_NOT_RECEIVED, NO_GOODS_FOR_DONATION, TYPED_TEXT_MESSAGES } from '@fu/shared/rules';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { emailBudgets, emailOutbox, fundraiserDevices, orders } from '../src/db/schema';
import { DEMO_ORGANIZATION } from '../src/env/schema';
import { displayName } from '../src/repositories/progress';
import { approvingGateway, browserOf, confirmPhone, createTestApp, type Browser, type TestApp } from './helpers';
import { cardCheckout, cashCheckout, cookieDough, newOrderBody } from './fixtures';
import { pdfText } from './pdfText';

const ADMIN = { authorization: `Bearer ${testConfig().adminApiToken}`, 'x-admin-user': 'treasurer@lincoln.example' };
const VICTIM = 'victim@example.org';
const SECOND = 1000;

/** Budgets small enough to reach in a test, the rest as production has them. */
const limits = (overrides: Partial<Config['rateLimits']> = {}): Partial<Config> => ({
  rateLimits: { ...testConfig().rateLimits, emailsPerAddressPerDay: 3, emailsPerStudentPagePerDay: 4, ...overrides },
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

const confirm = (payload: object, headers: Record<string, string> = ADMIN) =>
  t.inject({ method: 'POST', url: '/api/Admin/ConfirmCashReceived', headers, payload });

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
    for (const taxWord of [DEMO_ORGANIZATION.taxId, DEMO_ORGANIZATION.legalName, 'Tax ID', NO_GOODS_FOR_DONATION]) {
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

describe('e-mail budgets', () => {
  it('an address gets at most its daily e-mails, whatever the case it is typed in; the rest are withheld', async () => {
    const buyer = t.newBrowser();
    const ids: number[] = [];
    for (const address of ['many@example.org', 'MANY@example.org', 'Many@Example.org ', 'many@example.org']) {
      ids.push(await paidCardOrder(buyer, address));
    }
    await t.app.backgroundIdle();
    const rows = await emailsOf(ids);
    assert.deepEqual(
      ids.map((id) => rows.find((row) => row.dedupeKey === `receipt-order-${id}`)?.status),
      ['sent', 'sent', 'sent', 'withheld'],
    );
    assert.deepEqual(
      await Promise.all(ids.map((id) => t.app.sendPaidOrderNotices(id).then((report) => report.email))),
      ['already sent', 'already sent', 'already sent', 'already sent'],
    );
  });

  it("a confirmed student page's sales are e-mailed within the page's own daily budget", async () => {
    const student = t.newBrowser();
    const phone = '5125550906';
    const guid = await strangersPage(student, phone);
    await confirmPhone(t, guid, phone, student);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await recordSale(student, guid, { donorEmail: `buyer${i}@example.org` }));
    await t.app.backgroundIdle();
    const rows = await emailsOf(ids);
    assert.deepEqual(
      ids.map((id) => rows.find((row) => row.dedupeKey === `receipt-order-${id}`)?.status),
      ['sent', 'sent', 'sent', 'sent', 'withheld'],
    );
    const sent = rows.find((row) => row.status === 'sent')!;
    assert.match(sent.subject, /recorded, not yet a tax receipt/);
    assert.match(sent.textBody, /Recorded as collected by a student; not yet received by the organisation\./);
    assert.doesNotMatch(sent.textBody, /Tax ID|No goods or services/);
  });

  it('two instances on one database share the per-address budget', async () => {
    // On PostgreSQL the second instance has its own connections; PGlite is one process's database.
    const second =
      t.database.kind === 'postgres'
        ? await openDatabase({ databaseUrl: t.database.url, dataDir: '' })
        : { ...t.database, close: async () => {} };
    const other = await buildApp({ config: testConfig(limits()), database: second, gateway: approvingGateway });
    await other.ready();
    try {
      const browsers = [t.newBrowser(), browserOf(other)];
      const ids = await Promise.all(
        Array.from({ length: 6 }, (_, i) => paidCardOrder(browsers[i % 2]!, 'shared@example.org')),
      );
      await Promise.all([t.app.backgroundIdle(), other.backgroundIdle()]);
      const rows = await emailsOf(ids);
      assert.equal(rows.length, 6);
      assert.equal(rows.filter((row) => row.status === 'sent').length, 3);
      assert.equal(rows.filter((row) => row.status === 'withheld').length, 3);
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

    const confirmed = await confirm({ orderIds: [cash, check], depositReference: 'Deposit #7' });
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
