import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { emailOutbox, smsOutbox, ticketPurchases } from '../src/platform/db/schema';
import type { PaymentGateway } from '../src/payments/gateway/gateway';
import { sandboxGateway } from '../src/payments/gateway/sandboxGateway';
import { buildSandbox } from '../src/payments/sandbox/app';
import { receiptKey } from '../src/receipts/services/receiptKey';
import { testConfig } from '../src/platform/config/config';
import { approvingGateway, confirmPhone, createTestApp, shownTotal, type TestApp } from './helpers';
import { cardCheckout, cashCheckout, newOrderBody, orderItems, tokenizeCard } from './fixtures';
import { sample, scrape } from './prometheus';
import { smtpTestServer } from './smtpServer';

const BUYER_PHONE = '5125550188';
const BUYER_EMAIL = 'casey@example.com';
const DEVICE = '11111111-1111-4111-8111-111111111111';
/** The demo student page's phone (server/src/catalog/import/demo-data.json). */
const DEVICE_PHONE = '5125550101';
const SECOND = 1000;

/** An order of two tubs of cookie dough and, unless `tickets` is false, a digital discount card (a ticket line). */
async function newOrder(t: TestApp, { tickets = true, device }: { tickets?: boolean; device?: string } = {}) {
  const lines = [{ itemId: 11, itemOptionId: 111, qty: 2 }];
  if (tickets) lines.push({ itemId: 43, itemOptionId: 431, qty: 2 });
  const response = await t.inject({
    method: 'POST',
    url: '/api/Orders/CreateOrder',
    payload: newOrderBody({
      fundraiserOrderItems: orderItems(lines),
      ...(device ? { fundraiserDeviceGuid: device, isCashCheck: true } : {}),
    }),
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as number;
}

/** Pays by card as the checkout page does, then waits for what runs after the answer. */
async function payByCard(t: TestApp, orderId: number, token = 'tok_test') {
  const answer = await t.inject({
    method: 'POST',
    url: '/api/Orders/ProcessOrder',
    payload: cardCheckout(orderId, token, { amount: await shownTotal(t.inject, orderId) }),
  });
  assert.equal(answer.json(), 'success', answer.body);
  await t.app.backgroundIdle();
}

const emailsOf = (t: TestApp) => t.database.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));
const textsTo = async (t: TestApp, phone: string) =>
  (await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone))).map((row) => row.body);
const purchaseGuids = async (t: TestApp, orderId: number) =>
  (
    await t.database.db
      .select({ guid: ticketPurchases.guid })
      .from(ticketPurchases)
      .where(eq(ticketPurchases.orderId, orderId))
  ).map((row) => row.guid);
/** The signed receipt link's key, as the test config signs it. */
const signedKey = (orderId: number) => receiptKey(orderId, testConfig().receiptSecret);
/** The receipt PDF as the receipt page downloads it. */
async function downloadedPdf(t: TestApp, orderId: number): Promise<Buffer> {
  const response = await t.newBrowser()({
    url: `/api/Orders/GetReceiptPdf?orderId=${orderId}&key=${signedKey(orderId)}`,
  });
  assert.equal(response.statusCode, 200);
  return response.rawPayload;
}

describe('e-mail through SMTP', () => {
  const smtp = smtpTestServer();
  let t: TestApp;

  before(async () => {
    await smtp.start();
    t = await createTestApp({
      gateway: approvingGateway,
      config: {
        email: { smtpUrl: smtp.url(), from: 'Fundraising University <receipts@fu.test>' },
        // The timer is an hour apart: the test runs each retry pass itself, at the time it chooses.
        smsRetry: { intervalSeconds: 3600, maxAttempts: 3, firstDelaySeconds: 60, leaseSeconds: 60 },
      },
    });
  });
  after(async () => {
    await t?.close();
    await smtp.stop();
  });
  beforeEach(() => smtp.reset());

  it('a paid card order with tickets: the receipt e-mail (text, HTML, PDF) and the text carry the tickets link', async () => {
    const orderId = await newOrder(t);
    await payByCard(t, orderId);

    const [guid] = await purchaseGuids(t, orderId);
    assert.ok(guid);
    const link = `${testConfig().publicUrl.replace(/\/$/, '')}/ManageDiscounts/${guid}`;

    assert.equal(smtp.received.length, 1);
    const mail = smtp.received[0]!;
    assert.match(mail.subject ?? '', new RegExp(`^Your receipt for order ${orderId}`));
    assert.deepEqual(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [], [BUYER_EMAIL]);
    assert.equal(mail.from?.value[0]?.address, 'receipts@fu.test');
    assert.ok(mail.text?.includes(link), mail.text);
    assert.match(mail.text ?? '', /Total paid: \$\d+\.\d\d/);
    assert.ok(mail.text?.includes(`/Receipt/${orderId}?key=${signedKey(orderId)}`));
    assert.ok(typeof mail.html === 'string' && mail.html.includes(`href="${link}"`), String(mail.html));
    assert.match(String(mail.html), /<h2>Your digital tickets<\/h2>/);
    assert.equal(mail.attachments.length, 1);
    const [pdf] = mail.attachments;
    assert.equal(pdf!.filename, `receipt-${orderId}.pdf`);
    assert.equal(pdf!.contentType, 'application/pdf');
    assert.ok(pdf!.content.subarray(0, 5).equals(Buffer.from('%PDF-')));
    assert.ok(pdf!.content.equals(await downloadedPdf(t, orderId)), 'the attached PDF is the downloadable receipt');

    const [row] = (await emailsOf(t)).filter((email) => email.dedupeKey === `receipt-order-${orderId}`);
    assert.equal(row?.status, 'sent');
    assert.equal(mail.messageId, `<fu-email-${row!.id}@fu.test>`);
    assert.equal(row?.providerRef, mail.messageId);

    const texts = await textsTo(t, BUYER_PHONE);
    assert.deepEqual(
      texts.filter((body) => body.includes(guid)),
      [`Lincoln High School Varsity Football: your digital tickets are ready! Open them here: ${link}`],
    );
  });

  it('a refused e-mail is sent again by the retry job, and once', async () => {
    smtp.refuse(1);
    const orderId = await newOrder(t, { tickets: false });
    await payByCard(t, orderId);
    assert.equal(smtp.received.length, 0);
    const [row] = (await emailsOf(t)).filter((email) => email.dedupeKey === `receipt-order-${orderId}`);
    assert.equal(row?.status, 'failed');
    assert.ok(row?.nextAttemptAt);

    // Not due yet: nothing is sent. (caughtUp 0 throughout: the demo's imported paid orders, paid
    // "now" without a payment row, are not e-mailed by the catch-up.)
    assert.deepEqual(await t.app.retryEmails({ now: new Date(Date.now() + 10 * SECOND) }), {
      recovered: 0,
      sent: 0,
      failed: 0,
      givenUp: 0,
      caughtUp: 0,
    });
    const later = new Date(row.nextAttemptAt.getTime() + SECOND);
    assert.deepEqual(await t.app.retryEmails({ now: later }), {
      recovered: 0,
      sent: 1,
      failed: 0,
      givenUp: 0,
      caughtUp: 0,
    });
    assert.deepEqual(await t.app.retryEmails({ now: new Date(later.getTime() + 3600 * SECOND) }), {
      recovered: 0,
      sent: 0,
      failed: 0,
      givenUp: 0,
      caughtUp: 0,
    });
    assert.equal(smtp.received.length, 1);
    assert.match(smtp.received[0]!.subject ?? '', new RegExp(`order ${orderId}\\b`));
    assert.equal(smtp.received[0]!.attachments[0]?.filename, `receipt-${orderId}.pdf`);
    const [sent] = (await emailsOf(t)).filter((email) => email.id === row.id);
    assert.equal(sent?.status, 'sent');
    assert.equal(sent?.attempts, 2);
  });

  it('an e-mail refused every time is given up after the limit', async () => {
    smtp.refuse(100);
    const orderId = await newOrder(t, { tickets: false });
    await payByCard(t, orderId);
    let [row] = (await emailsOf(t)).filter((email) => email.dedupeKey === `receipt-order-${orderId}`);
    assert.equal(row?.status, 'failed');
    let now = new Date();
    const reports = [];
    for (let pass = 0; pass < 3; pass++) {
      now = new Date(now.getTime() + 3600 * SECOND);
      reports.push(await t.app.retryEmails({ now }));
    }
    assert.deepEqual(reports, [
      { recovered: 0, sent: 0, failed: 1, givenUp: 0, caughtUp: 0 },
      { recovered: 0, sent: 0, failed: 0, givenUp: 1, caughtUp: 0 },
      { recovered: 0, sent: 0, failed: 0, givenUp: 0, caughtUp: 0 },
    ]);
    [row] = (await emailsOf(t)).filter((email) => email.id === row!.id);
    assert.equal(row?.status, 'given_up');
    assert.equal(row?.attempts, 3);
    assert.equal(smtp.received.length, 0);
  });

  it('metrics count e-mails by outcome: sent, failed, sent on a retry, given up', async () => {
    const before = await scrape(t.app);
    await payByCard(t, await newOrder(t, { tickets: false }));
    assert.equal(smtp.received.length, 1);

    smtp.refuse(1);
    await payByCard(t, await newOrder(t, { tickets: false }));
    let now = new Date(Date.now() + 3600 * SECOND);
    assert.deepEqual(await t.app.retryEmails({ now }), { recovered: 0, sent: 1, failed: 0, givenUp: 0, caughtUp: 0 });

    smtp.refuse(100);
    await payByCard(t, await newOrder(t, { tickets: false }));
    for (const expected of [
      { recovered: 0, sent: 0, failed: 1, givenUp: 0, caughtUp: 0 },
      { recovered: 0, sent: 0, failed: 0, givenUp: 1, caughtUp: 0 },
    ]) {
      now = new Date(now.getTime() + 3600 * SECOND);
      assert.deepEqual(await t.app.retryEmails({ now }), expected);
    }

    const after = await scrape(t.app);
    const counted = (outcome: string) =>
      sample(after, 'emails_total', { outcome }) - sample(before, 'emails_total', { outcome });
    assert.deepEqual(
      { sent: counted('sent'), failed: counted('failed'), givenUp: counted('given_up') },
      { sent: 2, failed: 3, givenUp: 1 },
    );
    assert.ok(!after.includes(BUYER_EMAIL));
  });
});

describe('e-mail by default: the outbox', () => {
  let t: TestApp;
  let sandbox: Awaited<ReturnType<typeof buildSandbox>>;
  let sandboxUrl: string;
  /** 'crash after': the gateway charges, then the answer is lost as a killed server would lose it. */
  let fault: 'none' | 'crash after' = 'none';
  let real: PaymentGateway;
  const faulty: PaymentGateway = {
    async charge(request) {
      const result = await real.charge(request);
      if (fault === 'crash after') throw new Error('simulated crash after the charge');
      return result;
    },
    findCharge: (key) => real.findCharge(key),
  };

  before(async () => {
    sandbox = await buildSandbox({ secretKey: 'sk_test', tokenizePerMinute: 10_000 });
    sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
    real = sandboxGateway({ baseUrl: sandboxUrl, secretKey: 'sk_test' });
    t = await createTestApp({ gateway: faulty });
  });
  after(async () => {
    await t?.close();
    await sandbox?.close();
  });
  beforeEach(() => {
    fault = 'none';
  });

  const receiptEmailsOf = async (orderId: number) =>
    (await emailsOf(t)).filter((email) => email.dedupeKey === `receipt-order-${orderId}`);

  it('keeps the receipt e-mail with its PDF; /dev/email-outbox lists it', async () => {
    const orderId = await newOrder(t);
    await payByCard(t, orderId, await tokenizeCard(sandboxUrl));
    const [email] = await receiptEmailsOf(orderId);
    assert.equal(email?.status, 'sent');
    assert.equal(email?.toAddress, BUYER_EMAIL);
    const [guid] = await purchaseGuids(t, orderId);
    assert.ok(email?.textBody.includes(`/ManageDiscounts/${guid}`));
    assert.deepEqual(
      email?.attachments.map((attachment) => attachment.filename),
      [`receipt-${orderId}.pdf`],
    );
    assert.ok(Buffer.from(email!.attachments[0]!.contentBase64, 'base64').equals(await downloadedPdf(t, orderId)));

    const listed = await t.inject({ url: '/dev/email-outbox', headers: { accept: 'application/json' } });
    assert.equal(listed.statusCode, 200);
    const row = (
      listed.json() as {
        id: number;
        toAddress: string;
        subject: string;
        textBody: string;
        attachments: { filename: string; bytes: number }[];
      }[]
    ).find((entry) => entry.id === email!.id);
    assert.equal(row?.toAddress, BUYER_EMAIL);
    assert.equal(row?.subject, email!.subject);
    assert.equal(row?.textBody, email!.textBody);
    assert.equal(row?.attachments[0]?.filename, `receipt-${orderId}.pdf`);
    assert.ok((row?.attachments[0]?.bytes ?? 0) > 500);
    assert.equal('contentBase64' in (row!.attachments[0] as object), false, 'the page shows names, not bytes');

    const page = await t.inject('/dev/email-outbox');
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.ok(page.body.includes(`receipt-${orderId}.pdf`));
    assert.ok(page.body.includes(BUYER_EMAIL));
    assert.match(page.body, /<html lang="en">.*<h1>E-mail outbox \(development only\)<\/h1>/s);
    // Issue 35: the outboxes' pages are in the reader's language too.
    const spanish = await t.inject({ url: '/dev/email-outbox', headers: { 'accept-language': 'es-MX' } });
    assert.match(spanish.body, /<html lang="es">.*<h1>Bandeja de salida de correo \(solo para desarrollo\)<\/h1>/s);
    assert.ok(spanish.body.includes('<th>Asunto</th>'));
    const texts = await t.inject({ url: '/dev/sms-outbox', headers: { cookie: 'fu_lang=es' } });
    assert.match(texts.body, /<h2>Responder desde un teléfono<\/h2>/);
  });

  it('the signed receipt answers the ticket purchase guid; an order without tickets has none', async () => {
    const withTickets = await newOrder(t);
    await payByCard(t, withTickets, await tokenizeCard(sandboxUrl));
    const [guid] = await purchaseGuids(t, withTickets);
    const receipt = await t.newBrowser()({
      url: `/api/Orders/GetReceipt?orderId=${withTickets}&key=${signedKey(withTickets)}`,
    });
    assert.equal(receipt.json().ticketPurchaseGuid, guid);

    const without = await newOrder(t, { tickets: false });
    await payByCard(t, without, await tokenizeCard(sandboxUrl));
    const plain = await t.newBrowser()({ url: `/api/Orders/GetReceipt?orderId=${without}&key=${signedKey(without)}` });
    assert.equal(plain.statusCode, 200);
    assert.equal('ticketPurchaseGuid' in plain.json(), false);
    // A wrong key learns nothing, the guid least of all.
    const wrong = await t.newBrowser()({ url: `/api/Orders/GetReceipt?orderId=${withTickets}&key=${'x'.repeat(32)}` });
    assert.equal(wrong.statusCode, 404);
    assert.ok(!wrong.body.includes(guid!));
  });

  it('a payment recovered after its answer was lost, then submitted again, e-mails and texts once', async () => {
    const orderId = await newOrder(t);
    const token = await tokenizeCard(sandboxUrl);
    fault = 'crash after';
    const lost = await t.inject({
      method: 'POST',
      url: '/api/Orders/ProcessOrder',
      payload: cardCheckout(orderId, token, { amount: await shownTotal(t.inject, orderId) }),
    });
    assert.equal(lost.statusCode, 500);
    await t.app.backgroundIdle();
    assert.equal((await receiptEmailsOf(orderId)).length, 0, 'nothing before the payment is recorded');

    fault = 'none';
    assert.equal((await t.app.recoverPayments()).approved, 1);
    await payByCard(t, orderId, token);
    assert.equal((await t.app.recoverPayments()).found, 0);
    // Two more passes racing, as two instances told of the payment would.
    const reports = await Promise.all([t.app.sendPaidOrderNotices(orderId), t.app.sendPaidOrderNotices(orderId)]);
    assert.deepEqual(reports, [
      { email: 'already sent', text: 'already sent' },
      { email: 'already sent', text: 'already sent' },
    ]);

    assert.equal((await receiptEmailsOf(orderId)).length, 1);
    const [guid] = await purchaseGuids(t, orderId);
    assert.equal((await textsTo(t, BUYER_PHONE)).filter((body) => body.includes(guid!)).length, 1);
  });

  it('two passes racing on a newly paid order send one e-mail and one text', async () => {
    const orderId = await newOrder(t);
    await payByCard(t, orderId, await tokenizeCard(sandboxUrl));
    await t.database.db.delete(emailOutbox).where(eq(emailOutbox.dedupeKey, `receipt-order-${orderId}`));
    await t.database.db.delete(smsOutbox).where(eq(smsOutbox.dedupeKey, `tickets-order-${orderId}`));
    const [guid] = await purchaseGuids(t, orderId);
    const textsBefore = (await textsTo(t, BUYER_PHONE)).filter((body) => body.includes(guid!)).length;

    const reports = await Promise.all([t.app.sendPaidOrderNotices(orderId), t.app.sendPaidOrderNotices(orderId)]);
    assert.deepEqual(reports.map((report) => report.email).sort(), ['already sent', 'sent']);
    assert.deepEqual(reports.map((report) => report.text).sort(), ['already sent', 'sent']);
    assert.equal((await receiptEmailsOf(orderId)).length, 1);
    assert.equal((await textsTo(t, BUYER_PHONE)).filter((body) => body.includes(guid!)).length, textsBefore + 1);
  });

  it('the retry job catches up the notices of an order paid while the server stopped before sending them', async () => {
    const orderId = await newOrder(t);
    await payByCard(t, orderId, await tokenizeCard(sandboxUrl));
    // As if the server had stopped between committing the payment and its background notices.
    await t.database.db.delete(emailOutbox).where(eq(emailOutbox.dedupeKey, `receipt-order-${orderId}`));
    await t.database.db.delete(smsOutbox).where(eq(smsOutbox.dedupeKey, `tickets-order-${orderId}`));
    const [guid] = await purchaseGuids(t, orderId);
    const textsBefore = (await textsTo(t, BUYER_PHONE)).filter((body) => body.includes(guid!)).length;

    // Within two minutes of the payment its own notices may still be on the way: left alone.
    assert.equal((await t.app.retryEmails({ now: new Date(Date.now() + 30 * SECOND) }))?.caughtUp, 0);
    assert.equal((await receiptEmailsOf(orderId)).length, 0);
    const later = new Date(Date.now() + 5 * 60 * SECOND);
    assert.equal((await t.app.retryEmails({ now: later }))?.caughtUp, 1);
    assert.equal((await t.app.retryEmails({ now: later }))?.caughtUp, 0);
    assert.equal((await receiptEmailsOf(orderId)).length, 1);
    assert.equal((await textsTo(t, BUYER_PHONE)).filter((body) => body.includes(guid!)).length, textsBefore + 1);
    // A day later it is no longer looked for.
    await t.database.db.delete(emailOutbox).where(eq(emailOutbox.dedupeKey, `receipt-order-${orderId}`));
    assert.equal((await t.app.retryEmails({ now: new Date(Date.now() + 25 * 3600 * SECOND) }))?.caughtUp, 0);
  });

  it('a receipt phone outside the US and Canada is kept: the e-mail has the tickets, the text is withheld', async () => {
    const orderId = await newOrder(t);
    const answer = await t.inject({
      method: 'POST',
      url: '/api/Orders/ProcessOrder',
      payload: cardCheckout(orderId, await tokenizeCard(sandboxUrl), {
        amount: await shownTotal(t.inject, orderId),
        supporterPhoneNumber: '(876) 555-0100',
      }),
    });
    assert.equal(answer.json(), 'success', answer.body);
    await t.app.backgroundIdle();
    const [guid] = await purchaseGuids(t, orderId);
    const [email] = await receiptEmailsOf(orderId);
    assert.ok(email?.textBody.includes(guid!), 'the receipt e-mail carries the tickets link');
    const textOf = () =>
      t.database.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.dedupeKey, `tickets-order-${orderId}`));
    assert.deepEqual(
      (await textOf()).map((row) => [row.toPhone, row.status]),
      [['8765550100', 'withheld']],
    );
    // Kept under its key: the notices' catch-up does not try it again.
    assert.deepEqual(await t.app.sendPaidOrderNotices(orderId), { email: 'already sent', text: 'already sent' });
    await t.database.db.delete(smsOutbox).where(eq(smsOutbox.dedupeKey, `tickets-order-${orderId}`));
    assert.equal((await t.app.sendPaidOrderNotices(orderId)).text, 'outside US and Canada');
  });

  it('a cash order on a student page whose phone is confirmed is e-mailed as recorded, not yet received', async () => {
    await confirmPhone(t, DEVICE, DEVICE_PHONE);
    const orderId = await newOrder(t, { tickets: false, device: DEVICE });
    const answer = await t.inject({
      method: 'POST',
      url: '/api/Orders/ProcessOrderCashCheck',
      payload: cashCheckout(orderId, await shownTotal(t.inject, orderId)),
    });
    assert.equal(answer.json(), 'success', answer.body);
    await t.app.backgroundIdle();
    const [email] = await receiptEmailsOf(orderId);
    assert.equal(email?.status, 'sent');
    assert.match(email!.textBody, /Payment: Cash, recorded by a student/);
    assert.match(email!.textBody, /not yet received by the organisation/);
  });
});

describe('the e-mail outbox page in production', () => {
  it('is not there', async () => {
    // No shell build here: with one, any unknown page is the shell's (200), which would hide a registered route.
    const t = await createTestApp({
      demo: false,
      config: { production: true, shellDist: mkdtempSync(path.join(tmpdir(), 'fu-no-shell-')) },
    });
    try {
      assert.equal((await t.inject('/dev/email-outbox')).statusCode, 404);
      assert.equal((await t.inject('/dev/sms-outbox')).statusCode, 404);
    } finally {
      await t.close();
    }
  });
});
