import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { RECEIPT_LOOKUP_MESSAGES, type Receipt } from '@fu/shared/contracts';
import { COVERED_FEE_LABEL, NO_GOODS_FOR_CONTRIBUTION, receiptRows } from '@fu/shared/rules';
import { testConfig } from '../src/platform/config/config';
import { orders } from '../src/platform/db/schema';
import { DEMO_ORGANIZATION } from '../src/platform/config/env/schema';
import { translatorFor } from '../src/platform/i18n/translate';
import { receiptEmail } from '../src/receipts/services/receiptEmail';
import { receiptKey } from '../src/receipts/services/receiptKey';
import { approvingGateway, createTestApp, type TestApp } from './helpers';
import { cardCheckout, cashCheckout, cookieDough, NEW_ORDER_TOTAL, newOrderBody } from './fixtures';
import { pdfText } from './pdfText';

const DEVICE = '11111111-1111-4111-8111-111111111111';
const EMAIL = 'Casey.Morgan@Example.com';

let t: TestApp;
before(async () => {
  t = await createTestApp({ gateway: approvingGateway });
});
after(() => t.close());

const post = (url: string, payload: object, remoteAddress?: string) =>
  t.inject({ method: 'POST', url, payload, remoteAddress });

async function newOrder(): Promise<number> {
  return (await post('/api/Orders/CreateOrder', newOrderBody({ donation: 3500 }))).json() as number;
}

async function paidCardOrder(): Promise<number> {
  const orderId = await newOrder();
  const answer = await post(
    '/api/Orders/ProcessOrder',
    cardCheckout(orderId, 'tok_approved', { donorEmail: EMAIL, amount: NEW_ORDER_TOTAL + 3500 }),
  );
  assert.equal(answer.json(), 'success');
  return orderId;
}

/** A check order taken on the demo student's page. */
const paidCheckOrder = () => paidCashCheckOrder({ paymentTypeId: 3, checkNumber: '1234' });

/** A cash or check order taken on the demo student's page. */
async function paidCashCheckOrder(payment: { paymentTypeId: number; checkNumber?: string }): Promise<number> {
  const orderId = (await post('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: DEVICE })).json() as number;
  await post(
    '/api/Orders/CreateOrder',
    newOrderBody({ orderId, fundraiserDeviceGuid: DEVICE, isCashCheck: true, fundraiserOrderItems: cookieDough(1) }),
  );
  const answer = await post(
    '/api/Orders/ProcessOrderCashCheck',
    cashCheckout(orderId, 1800, { donorEmail: EMAIL, ...payment }),
  );
  assert.equal(answer.json(), 'success');
  return orderId;
}

/** The organisation says it received the sale's money (the admin app's call). */
async function confirmReceived(orderId: number): Promise<void> {
  const answer = await t.inject({
    method: 'POST',
    url: '/api/Admin/ConfirmCashReceived',
    headers: { authorization: `Bearer ${testConfig().adminApiToken}` },
    payload: { fundraiserId: 1, orderIds: [orderId] },
  });
  assert.equal(answer.statusCode, 200, answer.body);
}

/** The key of the order's signed receipt link, as the checkout gets it. */
async function receiptLink(orderId: number): Promise<URL> {
  const answer = await t.inject({ method: 'POST', url: `/api/donor/digitalReceipt/${orderId}` });
  assert.equal(answer.statusCode, 200);
  return new URL(answer.json());
}

const pdf = (orderId: number, key: string) =>
  t.inject(`/api/Orders/GetReceiptPdf?orderId=${orderId}&key=${encodeURIComponent(key)}`);

describe('GetReceiptPdf', () => {
  it("is a PDF download whose text is the receipt, amounts from the database, times in the school's zone", async () => {
    const orderId = await paidCardOrder();
    // Paid at 03:30 UTC on the 27th: still the evening of the 26th at Lincoln High School (Texas).
    await t.database.db
      .update(orders)
      .set({ paidAt: new Date('2026-11-27T03:30:00Z') })
      .where(eq(orders.id, orderId));
    const key = (await receiptLink(orderId)).searchParams.get('key')!;
    const response = await pdf(orderId, key);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/pdf');
    assert.equal(response.headers['content-disposition'], `attachment; filename="receipt-${orderId}.pdf"`);
    assert.equal(response.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');

    const text = await pdfText(response.rawPayload);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.equal(order!.orderTotal, 7100, '2 × $18.00 + $35.00 donation');
    for (const expected of [
      'Fundraising University',
      'Receipt',
      `Order number ${orderId}`,
      'Date paid November 26, 2026 at 9:30 PM CST',
      'Fundraiser Varsity Football at Lincoln High School',
      'Student Jordan Rivera',
      'Supporter Casey Morgan',
      `E-mail ${EMAIL}`,
      'Gourmet Cookie Dough (3 lb tub): Chocolate Chip 2 $36.00',
      'Donation $35.00',
      'Total paid $71.00',
      'Payment Visa ending in 1111',
      `Reference ref-order-${orderId}`,
      // Issue 34: the tubs at their price are the goods, the donation the deductible contribution.
      'In exchange for your contribution you received goods or services (2 × Gourmet Cookie Dough (3 lb tub): Chocolate Chip) whose value we estimate in good faith at $36.00.',
      'The amount of your contribution that is deductible for federal income tax purposes is limited to the excess of the money you contributed over the value of the goods or services provided: $35.00.',
      'Please keep this receipt for your tax records.',
      `Issued by ${DEMO_ORGANIZATION.legalName}`,
      `Tax ID (EIN): ${DEMO_ORGANIZATION.taxId}`,
    ]) {
      assert.ok(text.replace(/\s+/g, ' ').includes(expected), `PDF text has "${expected}":\n${text}`);
    }
    // Nothing shipped and no fee: no $0.00 lines.
    assert.doesNotMatch(text, /Shipping|Fees|\$0\.00/);
  });

  it('says a check order was recorded by a student, then Paid by check and its number once received', async () => {
    const orderId = await paidCheckOrder();
    const key = (await receiptLink(orderId)).searchParams.get('key')!;
    const recorded = (await pdfText((await pdf(orderId, key)).rawPayload)).replace(/\s+/g, ' ');
    assert.ok(recorded.includes('Payment Check #1234, recorded by a student'), recorded);
    assert.ok(recorded.includes('Total recorded $18.00'), recorded);
    assert.ok(recorded.includes('not yet received by the organisation'), recorded);

    await confirmReceived(orderId);
    const text = (await pdfText((await pdf(orderId, key)).rawPayload)).replace(/\s+/g, ' ');
    assert.ok(text.includes('Payment Paid by check #1234'), text);
    assert.ok(text.includes('Total paid $18.00'), text);
    assert.ok(text.includes('Received by the organisation on'), text);
    assert.ok(!text.includes('Reference'), text);
  });

  it('says Paid in cash for a cash order once received, as the receipt page does', async () => {
    const orderId = await paidCashCheckOrder({ paymentTypeId: 1 });
    await confirmReceived(orderId);
    const key = (await receiptLink(orderId)).searchParams.get('key')!;
    const text = (await pdfText((await pdf(orderId, key)).rawPayload)).replace(/\s+/g, ' ');
    assert.ok(text.includes('Payment Paid in cash'), text);
    assert.ok(!text.includes('Reference'), text);
  });

  it('is refused with a JSON message for a wrong key, another order or an unpaid order', async () => {
    const orderId = await paidCardOrder();
    const key = (await receiptLink(orderId)).searchParams.get('key')!;
    const other = await paidCardOrder();
    const unpaid = await newOrder();
    // A right-looking key for an unpaid order: the receipt key is only ever handed out once paid.
    const unpaidKey = receiptKey(unpaid, testConfig().receiptSecret);
    for (const [id, given] of [
      [orderId, 'guess'],
      [orderId, key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')],
      [other, key],
      [unpaid, unpaidKey],
      [999999, key],
    ] as const) {
      const response = await pdf(id, given);
      assert.equal(response.statusCode, 404, `${id} ${given}`);
      assert.match(response.headers['content-type'] as string, /^application\/json/);
      assert.deepEqual(response.json(), { message: 'We could not find that receipt. Please check the link.' });
    }
    const noKey = await t.inject(`/api/Orders/GetReceiptPdf?orderId=${orderId}`);
    assert.equal(noKey.statusCode, 400);
    assert.equal(noKey.json().message, 'This link is not valid. Please check it and try again.');
    assert.deepEqual(noKey.json().errors, [{ field: 'key', message: "must have required property 'key'" }]);
  });
});

describe('a donation-only receipt a donor can file (issue 19)', () => {
  const DONATION = 5000;
  /** $50.00 at the default 2.9% + $0.30: ceil(5030 / 0.971) = 5181, so $1.81. */
  const FEE = 181;
  let orderId: number;
  let key: string;
  let receipt: Receipt;

  before(async () => {
    orderId = (
      await post('/api/Orders/CreateOrder', newOrderBody({ fundraiserOrderItems: [], donation: DONATION }))
    ).json();
    const paid = await post(
      '/api/Orders/ProcessOrder',
      cardCheckout(orderId, 'tok_donation', { donorEmail: EMAIL, amount: DONATION + FEE, coverFees: true }),
    );
    assert.equal(paid.json(), 'success');
    key = (await receiptLink(orderId)).searchParams.get('key')!;
    const answer = await t.inject(`/api/Orders/GetReceipt?orderId=${orderId}&key=${encodeURIComponent(key)}`);
    assert.equal(answer.statusCode, 200);
    receipt = answer.json();
  });

  it('GetReceipt: no item lines, the donation and the covered fee, everything paid, and the issuer', () => {
    assert.deepEqual(
      [receipt.lines, receipt.donation, receipt.shippingTotal, receipt.coveredFee, receipt.orderTotal],
      [[], DONATION, 0, FEE, DONATION + FEE],
    );
    assert.deepEqual(receipt.organization, DEMO_ORGANIZATION);
    assert.deepEqual(receiptRows(receipt, translatorFor('en')), [
      { label: 'Donation', quantity: null, cents: DONATION },
      { label: COVERED_FEE_LABEL, quantity: null, cents: FEE },
    ]);
  });

  it('the PDF: the donation as a line, the fee covered, no $0.00 lines, the no-goods sentence and the issuer', async () => {
    const text = (await pdfText((await pdf(orderId, key)).rawPayload)).replace(/\s+/g, ' ');
    // The table holds exactly the donation and the fee: nothing between its header and the total.
    assert.ok(
      text.includes('Item Qty Amount Donation $50.00 Processing fee you covered $1.81 Total paid $51.81'),
      text,
    );
    for (const expected of [
      NO_GOODS_FOR_CONTRIBUTION,
      'Please keep this receipt for your tax records.',
      `Issued by ${DEMO_ORGANIZATION.legalName} ${DEMO_ORGANIZATION.address} Tax ID (EIN): ${DEMO_ORGANIZATION.taxId}`,
    ]) {
      assert.ok(text.includes(expected), `PDF text has "${expected}":\n${text}`);
    }
    assert.doesNotMatch(text, /Shipping|Fees|\$0\.00/);
  });

  it('the e-mail, text and HTML: the same rows and wording', () => {
    const email = receiptEmail(receipt, { receiptUrl: 'https://fu.test/Receipt/1', ticketUrls: [] }, 'en');
    const rows = email.text.slice(email.text.indexOf('Supporter:'), email.text.indexOf('Payment:'));
    assert.deepEqual(rows.trim().split('\n').slice(1).filter(Boolean), [
      'Donation: $50.00',
      'Processing fee you covered: $1.81',
      'Total paid: $51.81',
    ]);
    for (const expected of [
      NO_GOODS_FOR_CONTRIBUTION,
      'Please keep this receipt for your tax records.',
      `Issued by ${DEMO_ORGANIZATION.legalName}`,
      DEMO_ORGANIZATION.address,
      `Tax ID (EIN): ${DEMO_ORGANIZATION.taxId}`,
    ]) {
      assert.ok(email.text.includes(expected), `text has "${expected}":\n${email.text}`);
      assert.ok(email.html.includes(expected), `HTML has "${expected}":\n${email.html}`);
    }
    assert.match(email.html, /<td>Donation<\/td><td[^>]*><\/td><td[^>]*>\$50\.00<\/td>/);
    assert.match(email.html, /<td>Processing fee you covered<\/td>/);
    assert.doesNotMatch(email.text + email.html, /Shipping|Fees|\$0\.00/);
  });
});

describe('LookupReceipt', () => {
  const lookup = (payload: object, remoteAddress?: string) => post('/api/Orders/LookupReceipt', payload, remoteAddress);

  it('gives the signed receipt link for the order number and e-mail, in any case, trimmed', async () => {
    const orderId = await paidCardOrder();
    const link = (await receiptLink(orderId)).toString();
    for (const email of [EMAIL, 'casey.morgan@example.com', '  CASEY.MORGAN@EXAMPLE.COM  ']) {
      const response = await lookup({ orderId, email });
      assert.equal(response.statusCode, 200, email);
      assert.deepEqual(response.json(), { receiptUrl: link });
    }
    const receipt = await t.inject(`/api/Orders/GetReceipt?${new URL(link).searchParams}&orderId=${orderId}`);
    assert.equal(receipt.json().orderId, orderId);
  });

  it('answers a wrong number, a wrong e-mail and an unpaid order with the same 404', async () => {
    const orderId = await paidCardOrder();
    const unpaid = await newOrder();
    await t.database.db.update(orders).set({ donorEmail: EMAIL }).where(eq(orders.id, unpaid));
    const answers = await Promise.all([
      lookup({ orderId: 999999, email: EMAIL }),
      lookup({ orderId, email: 'someone.else@example.com' }),
      lookup({ orderId, email: 'casey.morgan@example.co' }),
      lookup({ orderId: unpaid, email: EMAIL }),
    ]);
    for (const answer of answers) {
      assert.equal(answer.statusCode, 404);
      assert.equal(answer.body, JSON.stringify({ message: RECEIPT_LOOKUP_MESSAGES.notFound }));
    }
  });

  it('refuses a missing or malformed order number or e-mail with a 400 message', async () => {
    const cases: [object, string][] = [
      [{ orderId: 1, email: '' }, RECEIPT_LOOKUP_MESSAGES.email],
      [{ orderId: 1, email: '   ' }, RECEIPT_LOOKUP_MESSAGES.email],
      [{ orderId: 1 }, "Invalid email: must have required property 'email'."],
      [{ email: EMAIL }, "Invalid orderId: must have required property 'orderId'."],
      [{ orderId: '12', email: EMAIL }, 'Invalid orderId: must be integer.'],
      [{ orderId: 0, email: EMAIL }, 'Invalid orderId: must be >= 1.'],
      [{ orderId: 1.5, email: EMAIL }, 'Invalid orderId: must be integer.'],
      [{ orderId: 1, email: `${'a'.repeat(250)}@x.com` }, 'Invalid email: must NOT have more than 254 characters.'],
    ];
    for (const [payload, message] of cases) {
      const response = await lookup(payload);
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      assert.equal(response.json().message, message);
    }
    const blank = (await lookup({ orderId: 1, email: ' ' })).json();
    assert.deepEqual(blank.errors, [{ field: 'email', message: RECEIPT_LOOKUP_MESSAGES.email }]);
  });
});

describe('LookupReceipt rate limit', () => {
  let limited: TestApp;
  before(async () => {
    limited = await createTestApp({
      gateway: approvingGateway,
      config: { rateLimits: { ...testConfig().rateLimits, receiptLookupPerMinute: 3 } },
    });
  });
  after(() => limited.close());

  it('refuses the fourth lookup a minute from one address, hits or misses alike, with a 429 message', async () => {
    const lookup = (remoteAddress: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/Orders/LookupReceipt',
        remoteAddress,
        payload: { orderId: 999999, email: EMAIL },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await lookup('10.0.0.7')).statusCode);
    assert.deepEqual(statuses, [404, 404, 404, 429]);
    const refused = await lookup('10.0.0.7');
    assert.equal(refused.statusCode, 429);
    assert.match(refused.json().message, /^Too many requests\. Please wait \d+ seconds and try again\.$/);
    assert.equal((await lookup('10.0.0.8')).statusCode, 404, 'another address is not affected');
  });
});
