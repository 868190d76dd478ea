import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { PAGE_DELETION_MESSAGES, type Erasure, type Receipt } from '@fu/shared/contracts';
import {
  browserPhones,
  emailOutbox,
  erasures,
  fundraiserDevices,
  orders,
  pageDeletionCodes,
  parentalConsentLinks,
  payments,
  phoneCodes,
  smsOptOuts,
  smsOutbox,
  textConsents,
} from '../src/platform/db/schema';
import { TEST_ADMIN_TOKEN } from '../src/platform/config/config';
import { approvingGateway, confirmPhone, createTestApp, textsTo, type Browser, type TestApp } from './helpers';
import { cardCheckout, supporterDetails } from './fixtures';

// Issue 34 (docs/privacy.md): a student page deleted by its holder with a texted link, and support's
// erasure of a student or a supporter by phone or e-mail. On PGlite, and on PostgreSQL with DATABASE_URL.

const JORDAN = '11111111-1111-4111-8111-111111111111';
const JORDAN_PHONE = '5125550101';
const JORDAN_CONTACT = '66666666-6666-4666-8666-666666666666';
let t: TestApp;

before(async () => {
  t = await createTestApp({ gateway: approvingGateway });
});
after(() => t.close());

const post = (browser: Browser, url: string, payload: object) => browser({ method: 'POST', url, payload });
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'x-admin-user': 'dana@district.example' },
  });
const db = () => t.database.db;

/** A new student page of fundraiser 1 for `phone`, answered "13 or older" unless `under13`. */
async function newPage(phone: string, first: string, last: string, { under13 = false } = {}): Promise<string> {
  const made = await post(t.inject, '/api/Orders/NewFundraiserDevice', {
    fundraiserId: 1,
    phone,
    studentFirstName: first,
    studentLastName: last,
    studentIs13OrOlder: !under13,
  });
  assert.equal(made.statusCode, 200, made.body);
  return made.json<string>();
}

const receiptKeys = new Map<number, string>();

/** A card order of $18 on fundraiser 1, paid in a new browser, credited to `credit` (a contact link or a page). */
async function paidOrder(
  credit: { contactGuid?: string; fundraiserDeviceGuid?: string; studentFirstName?: string; studentLastName?: string },
  supporter: Partial<typeof supporterDetails> = {},
): Promise<number> {
  const browser = t.newBrowser();
  const created = await post(browser, '/api/Orders/CreateOrder', {
    fundraiserId: 1,
    studentFirstName: 'Pat',
    studentLastName: 'Nobody',
    ...credit,
    fundraiserOrderItems: [{ itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 111, qty: 1 }] }],
  });
  assert.equal(created.statusCode, 200, created.body);
  const orderId = created.json<number>();
  const paid = await post(browser, '/api/Orders/ProcessOrder', {
    ...cardCheckout(orderId, 'tok_ok', { amount: 1800 }),
    ...supporter,
  });
  assert.equal(paid.json(), 'success', paid.body);
  const link = new URL((await post(browser, `/api/donor/digitalReceipt/${orderId}`, {})).json<string>());
  receiptKeys.set(orderId, link.searchParams.get('key')!);
  return orderId;
}

async function receiptOf(orderId: number): Promise<Receipt> {
  const key = encodeURIComponent(receiptKeys.get(orderId)!);
  const answer = await t.inject(`/api/Orders/GetReceipt?orderId=${orderId}&key=${key}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const pdf = await t.inject(`/api/Orders/GetReceiptPdf?orderId=${orderId}&key=${key}`);
  assert.equal(pdf.statusCode, 200, 'the PDF still renders');
  return answer.json<Receipt>();
}

const teamRaised = async () =>
  (await t.inject('/api/Fundraisers/GetProgress?fundraiserId=1')).json<{ raisedCents: number }>().raisedCents;

/** The code of the newest delete link texted to a phone. */
async function deleteCodeTexted(phone: string): Promise<string> {
  const text = (await textsTo(t.database, phone)).at(-1) ?? '';
  const code = /\?delete=([\w-]+)/.exec(text)?.[1];
  if (!code) throw new Error(`no delete link in the last text to ${phone}: ${text}`);
  return code;
}

/** Every row of the tables an erasure may touch, to compare before and after. */
async function snapshot() {
  return {
    devices: await db().select().from(fundraiserDevices).orderBy(asc(fundraiserDevices.id)),
    orders: await db().select().from(orders).orderBy(asc(orders.id)),
    payments: await db().select().from(payments).orderBy(asc(payments.id)),
    texts: await db().select().from(smsOutbox).orderBy(asc(smsOutbox.id)),
    emails: await db().select().from(emailOutbox).orderBy(asc(emailOutbox.id)),
    consents: await db().select().from(textConsents).orderBy(asc(textConsents.id)),
    optOuts: await db().select().from(smsOptOuts),
  };
}

describe('a student page deleted by its holder', () => {
  it('texts a link, refuses a wrong, expired or reused code, then erases the student and keeps the amounts', async () => {
    const otherPage = await newPage('5125550177', 'Riley', 'Stone');
    const jordansOrder = await paidOrder({
      contactGuid: JORDAN_CONTACT,
      studentFirstName: 'Jordan',
      studentLastName: 'Rivera',
    });
    const rileysOrder = await paidOrder(
      { fundraiserDeviceGuid: otherPage, studentFirstName: 'Riley', studentLastName: 'Stone' },
      { donorEmail: 'pat@example.com' },
    );
    await confirmPhone(t, JORDAN, JORDAN_PHONE);
    const raised = await teamRaised();
    assert.equal((await receiptOf(jordansOrder)).creditedStudent, 'Jordan R.');

    const asked = await post(t.inject, '/api/Students/RequestPageDeletion', { fundraiserDeviceGuid: JORDAN });
    assert.equal(asked.statusCode, 200, asked.body);
    assert.equal(asked.json().message, PAGE_DELETION_MESSAGES.texted('(512) 555-0101'));
    const first = await deleteCodeTexted(JORDAN_PHONE);
    // Only the hash is stored.
    const stored = await db().select().from(pageDeletionCodes);
    assert.equal(stored.length, 1);
    assert.notEqual(stored[0]!.codeHash, first);

    const stranger = t.newBrowser();
    const wrong = await post(stranger, '/api/Students/DeletePage', { fundraiserDeviceGuid: JORDAN, code: 'guess' });
    assert.equal(wrong.statusCode, 400);
    assert.equal(wrong.json().message, PAGE_DELETION_MESSAGES.wrong);
    // Another page's guid with Jordan's code deletes nothing either.
    const elsewhere = await post(stranger, '/api/Students/DeletePage', {
      fundraiserDeviceGuid: otherPage,
      code: first,
    });
    assert.equal(elsewhere.statusCode, 400);

    await db()
      .update(pageDeletionCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await post(t.inject, '/api/Students/DeletePage', { fundraiserDeviceGuid: JORDAN, code: first });
    assert.equal(expired.statusCode, 410);
    assert.equal(expired.json().message, PAGE_DELETION_MESSAGES.expired);
    assert.equal((await t.inject(`/api/Students/GetDeviceInfo?guid=${JORDAN}`)).statusCode, 200, 'nothing erased yet');

    await post(t.inject, '/api/Students/RequestPageDeletion', { fundraiserDeviceGuid: JORDAN });
    const second = await deleteCodeTexted(JORDAN_PHONE);
    const retired = await post(t.inject, '/api/Students/DeletePage', { fundraiserDeviceGuid: JORDAN, code: first });
    assert.equal(retired.statusCode, 409, 'a newer link retires the older one');

    const before = await snapshot();
    const done = await post(t.inject, '/api/Students/DeletePage', { fundraiserDeviceGuid: JORDAN, code: second });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().message, PAGE_DELETION_MESSAGES.deleted);

    // Reused: the page is gone, so the code opens nothing.
    const reused = await post(t.inject, '/api/Students/DeletePage', { fundraiserDeviceGuid: JORDAN, code: second });
    assert.equal(reused.statusCode, 404);

    // The page's links answer as a page that does not exist: a 404 with the usual sentence, never a 500.
    for (const url of [
      `/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${JORDAN}`,
      `/api/Orders/GetFundraiserDevice?fdid=${JORDAN}`,
      `/api/Orders/ListOrders?fdid=${JORDAN}`,
      `/api/Students/GetDeviceInfo?guid=${JORDAN}`,
      `/api/Students/GetProgress?guid=${JORDAN}`,
      `/api/Students/GetTeamProgress?guid=${JORDAN}`,
    ]) {
      const answer = await t.inject(url);
      assert.equal(answer.statusCode, 404, url);
      assert.equal(answer.json().message, 'We could not find that fundraiser page. Please check the link.');
    }
    const page = await t.inject({ method: 'GET', url: `/Fundraiser/${JORDAN}`, headers: { accept: 'text/html' } });
    assert.ok(page.statusCode < 500, `the page's address answers ${page.statusCode}`);
    const contactLink = await t.inject(
      `/api/Fundraisers/GetFundraiserDetailsForStudentContact?contactGuid=${JORDAN_CONTACT}`,
    );
    assert.ok(contactLink.statusCode >= 400 && contactLink.statusCode < 500, `contact link: ${contactLink.statusCode}`);

    // Exactly the student's rows changed.
    const now = await snapshot();
    assert.deepEqual(
      now.devices.map((device) => device.guid),
      before.devices.filter((device) => device.guid !== JORDAN).map((device) => device.guid),
    );
    const jordanId = before.devices.find((device) => device.guid === JORDAN)!.id;
    for (const [index, order] of now.orders.entries()) {
      const was = before.orders[index]!;
      if (was.fundraiserDeviceId === jordanId) {
        assert.equal(order.studentFirstName, '');
        assert.equal(order.studentLastName, '');
        assert.equal(order.fundraiserDeviceId, null);
        assert.equal(order.contactGuid, null);
        assert.ok(order.studentErasedAt);
        const {
          studentFirstName,
          studentLastName,
          fundraiserDeviceId,
          contactGuid,
          socialGuid,
          studentErasedAt,
          ...kept
        } = order;
        const {
          studentFirstName: _a,
          studentLastName: _b,
          fundraiserDeviceId: _c,
          contactGuid: _d,
          socialGuid: _e,
          studentErasedAt: _f,
          ...keptBefore
        } = was;
        void [studentFirstName, studentLastName, fundraiserDeviceId, contactGuid, socialGuid, studentErasedAt];
        assert.deepEqual(kept, keptBefore, `order ${order.id} keeps its supporter and amounts`);
      } else {
        assert.deepEqual(order, was, `order ${order.id} is not Jordan's: untouched`);
      }
    }
    assert.deepEqual(now.payments, before.payments);
    assert.deepEqual(now.consents, before.consents, 'consent records are kept');
    assert.equal((await db().select().from(phoneCodes)).length, 0, "the page's confirmation codes went with it");
    assert.equal(
      (await db().select().from(browserPhones).where(eq(browserPhones.phone, JORDAN_PHONE))).length,
      0,
      "the browser's proof of the phone went: the phone has no page left",
    );

    // The team's total is unchanged; the receipts still work and name no student.
    assert.equal(await teamRaised(), raised);
    const receipt = await receiptOf(jordansOrder);
    assert.equal(receipt.creditedStudent, undefined);
    assert.equal(receipt.studentFirstName, '');
    assert.equal(receipt.supporterFirstName, 'Casey');
    assert.equal(receipt.orderTotal, 1800);
    assert.equal((await receiptOf(rileysOrder)).creditedStudent, 'Riley S.');

    const [audit] = await db().select().from(erasures);
    assert.equal(audit?.kind, 'student');
    assert.equal(audit?.reason, 'page_holder');
    assert.equal(audit?.pages, 1);
    assert.ok((audit?.orders ?? 0) >= 2, 'the demo order and the new one');
  });

  it('texts no delete link to a phone that replied STOP, and says how to leave anyway', async () => {
    const page = await newPage('5125550166', 'Morgan', 'Lee');
    const optedOut = await admin('POST', '/api/Admin/OptOutPhone', { phone: '5125550166' });
    assert.equal(optedOut.statusCode, 200, optedOut.body);
    const asked = await post(t.inject, '/api/Students/RequestPageDeletion', { fundraiserDeviceGuid: page });
    assert.equal(asked.statusCode, 200);
    assert.equal(asked.json().message, PAGE_DELETION_MESSAGES.optedOut);
    const texts = await db().select().from(smsOutbox).where(eq(smsOutbox.toPhone, '5125550166'));
    assert.ok(
      texts.every((text) => text.status === 'opted_out'),
      'nothing was sent',
    );
  });

  it("texts no delete link for a younger student's private page: its phone never gets a text (COPPA)", async () => {
    const page = await newPage('5125550188', 'Robin', 'Vale', { under13: true });
    const asked = await post(t.inject, '/api/Students/RequestPageDeletion', { fundraiserDeviceGuid: page });
    assert.equal(asked.statusCode, 403, asked.body);
    assert.deepEqual(await textsTo(t.database, '5125550188'), [], 'nothing was texted to the student');
    assert.equal((await db().select().from(pageDeletionCodes)).filter((code) => code.phone === '5125550188').length, 0);
  });

  it("a number a parent's consent link was texted to is erased with the phone's other traces", async () => {
    const page = await newPage('5125550189', 'Sky', 'Vale', { under13: true });
    const asked = await post(t.inject, '/api/Students/RequestParentConsent', {
      fundraiserDeviceGuid: page,
      parentPhone: '5125550190',
    });
    assert.equal(asked.statusCode, 200, asked.body);
    const linksTo = async (phone: string) =>
      (await db().select().from(parentalConsentLinks)).filter((link) => link.parentPhone === phone).length;
    assert.equal(await linksTo('5125550190'), 1);
    const erased = await admin('POST', '/api/Admin/EraseSupporter', { phone: '5125550190' });
    assert.equal(erased.statusCode, 200, erased.body);
    assert.equal(await linksTo('5125550190'), 0, 'the link, and the number it held, are gone');
  });

  it('answers 404 for a page that does not exist, and 400 for a malformed guid', async () => {
    const unknown = await post(t.inject, '/api/Students/RequestPageDeletion', {
      fundraiserDeviceGuid: '99999999-9999-4999-8999-999999999999',
    });
    assert.equal(unknown.statusCode, 404);
    const malformed = await post(t.inject, '/api/Students/DeletePage', { fundraiserDeviceGuid: 'nope', code: 'x' });
    assert.equal(malformed.statusCode, 400);
  });
});

describe('support erases a student or a supporter', () => {
  it('needs the admin token', async () => {
    for (const url of ['/api/Admin/EraseStudent', '/api/Admin/EraseSupporter']) {
      const answer = await t.inject({ method: 'POST', url, payload: { phone: '5125550177' } });
      assert.equal(answer.statusCode, 401);
    }
    assert.equal((await t.inject('/api/Admin/GetErasures')).statusCode, 401);
    assert.equal(
      (await db().select().from(fundraiserDevices).where(eq(fundraiserDevices.phone, '5125550177'))).length,
      1,
    );
  });

  it('EraseStudent erases every page of the phone and its texts, and keeps its STOP', async () => {
    const phone = '5125550155';
    const first = await newPage(phone, 'Avery', 'Kim');
    const second = await newPage(phone, 'Avery', 'Kim');
    const order = await paidOrder({ fundraiserDeviceGuid: first, studentFirstName: 'Avery', studentLastName: 'Kim' });
    await post(t.inject, '/api/Students/SendPhoneConfirmation', { fundraiserDeviceGuid: second });
    await admin('POST', '/api/Admin/OptOutPhone', { phone });
    const before = await snapshot();

    const answer = await admin('POST', '/api/Admin/EraseStudent', { phone: '(512) 555-0155' });
    assert.equal(answer.statusCode, 200, answer.body);
    const erasure = answer.json<Erasure>();
    assert.equal(erasure.kind, 'student');
    assert.equal(erasure.reason, 'admin');
    assert.equal(erasure.matchedBy, 'phone');
    assert.equal(erasure.actor, 'dana@district.example');
    assert.equal(erasure.pages, 2);
    assert.equal(erasure.orders, 1);
    assert.ok(erasure.messages >= 1);

    const now = await snapshot();
    assert.equal(now.devices.length, before.devices.length - 2);
    assert.ok(now.devices.every((device) => device.phone !== phone));
    assert.equal(now.orders.find((row) => row.id === order)!.studentFirstName, '');
    assert.equal(now.orders.find((row) => row.id === order)!.orderTotal, 1800);
    // Every other order is as it was.
    assert.deepEqual(
      now.orders.filter((row) => row.id !== order),
      before.orders.filter((row) => row.id !== order),
    );
    // The texts to the phone are emptied; the others are as they were.
    assert.equal((await textsTo(t.database, phone)).length, 0);
    assert.deepEqual(
      now.texts.filter((text) => text.toPhone !== ''),
      before.texts.filter((text) => text.toPhone !== phone && text.toPhone !== ''),
    );
    // The STOP survives, and the consent records with it.
    assert.deepEqual(now.optOuts, before.optOuts);
    assert.ok(now.optOuts.some((row) => row.phone === phone));
    assert.deepEqual(now.consents, before.consents);
    const consents = (await admin('GET', `/api/Admin/GetTextConsents?phone=${phone}`)).json();
    assert.equal(consents.optedOut, true);
  });

  it('EraseSupporter erases exactly the orders with that phone or e-mail; amounts and receipts stay', async () => {
    const mine = await paidOrder({}, { donorEmail: 'Sam.Erase@Example.com', supporterPhoneNumber: '(512) 555-0144' });
    const mineByPhone = await paidOrder(
      {},
      { donorEmail: 'other@example.com', supporterPhoneNumber: '(512) 555-0144' },
    );
    const someoneElse = await paidOrder({}, { donorEmail: 'keep@example.com', supporterPhoneNumber: '(512) 555-0133' });
    const raised = await teamRaised();
    await t.app.backgroundIdle();
    const before = await snapshot();

    const refused = await admin('POST', '/api/Admin/EraseSupporter', {});
    assert.equal(refused.statusCode, 400);
    const notEmail = await admin('POST', '/api/Admin/EraseSupporter', { email: 'nobody' });
    assert.equal(notEmail.statusCode, 400);
    assert.deepEqual(await snapshot(), before, 'a refused call changes nothing');

    const byEmail = await admin('POST', '/api/Admin/EraseSupporter', { email: ' sam.erase@example.COM ' });
    assert.equal(byEmail.statusCode, 200, byEmail.body);
    assert.equal(byEmail.json<Erasure>().orders, 1);
    assert.equal(byEmail.json<Erasure>().matchedBy, 'email');
    const byPhone = await admin('POST', '/api/Admin/EraseSupporter', { phone: '512-555-0144' });
    assert.equal(byPhone.json<Erasure>().orders, 1, 'the order with the phone that the e-mail did not match');

    const now = await snapshot();
    for (const orderId of [mine, mineByPhone]) {
      const row = now.orders.find((order) => order.id === orderId)!;
      const was = before.orders.find((order) => order.id === orderId)!;
      assert.equal(row.supporterFirstName, null);
      assert.equal(row.supporterLastName, null);
      assert.equal(row.supporterPhoneNumber, null);
      assert.equal(row.donorEmail, null);
      assert.equal(row.shippingAddress, null);
      assert.equal(row.shippingZip, null);
      assert.ok(row.supporterErasedAt);
      assert.equal(row.orderTotal, was.orderTotal);
      assert.equal(row.status, 'paid');
      const payment = now.payments.find((p) => p.orderId === orderId)!;
      assert.equal(payment.supporterDetails, null);
      assert.equal(payment.amount, 1800);
      const receipt = await receiptOf(orderId);
      assert.equal(receipt.supporterFirstName, '');
      assert.equal(receipt.donorEmail, '');
      assert.equal(receipt.orderTotal, 1800);
      assert.equal(receipt.payment.last4, '1111');
    }
    assert.deepEqual(
      now.orders.filter((order) => order.id !== mine && order.id !== mineByPhone),
      before.orders.filter((order) => order.id !== mine && order.id !== mineByPhone),
    );
    assert.equal((await receiptOf(someoneElse)).supporterFirstName, 'Casey');
    assert.equal(await teamRaised(), raised);
    // The receipt e-mails to the erased address are emptied; the others are as they were.
    assert.ok(now.emails.every((email) => email.toAddress.toLowerCase() !== 'sam.erase@example.com'));
    assert.deepEqual(
      now.emails.filter((email) => email.toAddress !== ''),
      before.emails.filter((email) => email.toAddress.toLowerCase() !== 'sam.erase@example.com'),
    );

    const audit = (await admin('GET', '/api/Admin/GetErasures?limit=2')).json<Erasure[]>();
    assert.deepEqual(
      audit.map((row) => [row.kind, row.matchedBy, row.orders]),
      [
        ['supporter', 'phone', 1],
        ['supporter', 'email', 1],
      ],
    );
    // The audit names no one.
    const rows = JSON.stringify(await db().select().from(erasures));
    assert.ok(!rows.includes('555') && !rows.includes('@example.com'));
  });
});
