import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { AdminSchool, Receipt } from '@fu/shared/contracts';
import { KEEP_FOR_TAX_RECORDS, NO_GOODS_FOR_CONTRIBUTION, receiptTaxStatement } from '@fu/shared/rules';
import { TEST_ADMIN_TOKEN } from '../src/platform/config/config';
import { translatorFor } from '../src/platform/i18n/translate';
import { DEMO_ORGANIZATION } from '../src/platform/config/env/schema';
import { emailOutbox, orderLines, schools } from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { approvingGateway, createTestApp, type Browser, type TestApp } from './helpers';
import { cardCheckout } from './fixtures';
import { pdfText } from './pdfText';

/** The receipt's words in English, as the page shows them by default. */
const english = translatorFor('en');

// Issue 34: receipts by organisation and by the tax rules (IRS Publication 1771). Each case is
// read as the donor gets it three ways: the receipt page's words (GetReceipt through the shared
// rule), the PDF (read back with pdf.js) and the e-mail (text and HTML, as stored in the outbox).

const AUTH = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const EMAIL = 'sponsor@example.com';

/** A sponsorship sold for $750 whose banner the organiser values at $100, two teams selling it. */
const SPONSORSHIP = { itemId: 90, itemOptionId: 901, price: 75_000, goodsValue: 10_000 };
/** Fundraiser 90 is at Lincoln High School (school 1, no organisation of its own: the site's issues its receipts). */
const LINCOLN_SPONSORS = 90;
/** Fundraiser 91 is at school 9, whose receipts a soccer club that is not a 501(c)(3) issues. */
const WESTSIDE_SOCCER = 91;
const WESTSIDE_CLUB = {
  legalName: 'Westside Soccer Club',
  address: '9 Field Road, Austin, TX 78701',
  taxId: '74-1234567',
  is501c3: false,
};

const EXTRA_DATA = {
  schools: [
    {
      id: 9,
      name: 'Westside High School',
      state: 'Texas',
      // The EIN without its dash, as an operator may type it: kept as 12-3456789.
      organization: { ...WESTSIDE_CLUB, taxId: '741234567' },
    },
  ],
  items: [
    {
      id: SPONSORSHIP.itemId,
      name: 'Gold Sponsorship',
      messageTextName: 'Gold Sponsorship',
      options: [
        {
          id: SPONSORSHIP.itemOptionId,
          itemOptionTypeId: 0,
          name: 'Stadium banner',
          price: SPONSORSHIP.price,
          goodsValue: SPONSORSHIP.goodsValue,
        },
      ],
      // Two banners as one package, whose value the organiser sets at $150 together.
      bundles: [
        {
          id: 90,
          name: 'Double Gold',
          goodsValue: 15_000,
          entries: [{ itemsOptionId: SPONSORSHIP.itemOptionId, quantity: 2 }],
        },
      ],
    },
  ],
  fundraisers: [
    { id: LINCOLN_SPONSORS, schoolId: 1, teamId: 1, name: 'Lincoln Sponsors 2026' },
    { id: WESTSIDE_SOCCER, schoolId: 9, teamId: 5, name: 'Westside Soccer 2026' },
  ].map((fundraiser) => ({
    ...fundraiser,
    isActive: true,
    startDate: '2026-01-01',
    endDate: '2027-12-31',
    itemIds: [SPONSORSHIP.itemId],
  })),
};

let t: TestApp;
before(async () => {
  t = await createTestApp({ gateway: approvingGateway });
  await importData(t.database.db, EXTRA_DATA);
});
after(() => t.close());

const post = (browser: Browser, url: string, payload: object) => browser({ method: 'POST', url, payload });

/**
 * A card order paid in full in a new browser: the sponsorship `sponsorships` times (as the bundle
 * `optionBundleId` when given), and a donation.
 */
async function paidOrder(
  fundraiserId: number,
  { sponsorships = 0, donation = 0, optionBundleId = null as number | null } = {},
): Promise<number> {
  const browser = t.newBrowser();
  const created = await post(browser, '/api/Orders/CreateOrder', {
    fundraiserId,
    studentFirstName: 'Jordan',
    studentLastName: 'Rivera',
    fundraiserOrderItems: sponsorships
      ? [
          {
            itemId: SPONSORSHIP.itemId,
            optionBundleId,
            fundraiserOrderItemOptions: [{ itemOptionId: SPONSORSHIP.itemOptionId, qty: sponsorships }],
          },
        ]
      : [],
    donation,
  });
  assert.equal(created.statusCode, 200, created.body);
  const orderId = created.json<number>();
  const amount = sponsorships * SPONSORSHIP.price + donation;
  const paid = await post(
    browser,
    '/api/Orders/ProcessOrder',
    cardCheckout(orderId, 'tok_ok', { donorEmail: EMAIL, amount }),
  );
  assert.equal(paid.json(), 'success', paid.body);
  const link = new URL((await browser({ method: 'POST', url: `/api/donor/digitalReceipt/${orderId}` })).json<string>());
  links.set(orderId, link.searchParams.get('key')!);
  return orderId;
}
const links = new Map<number, string>();

/** What the donor reads: the receipt (GetReceipt), the page's statement, the PDF's and the e-mail's text. */
async function receiptOf(orderId: number) {
  const key = encodeURIComponent(links.get(orderId)!);
  const answer = await t.inject(`/api/Orders/GetReceipt?orderId=${orderId}&key=${key}`);
  assert.equal(answer.statusCode, 200, answer.body);
  const receipt = answer.json<Receipt>();
  const pdf = await t.inject(`/api/Orders/GetReceiptPdf?orderId=${orderId}&key=${key}`);
  assert.equal(pdf.statusCode, 200);
  await t.app.backgroundIdle();
  const [email] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `receipt-order-${orderId}`));
  assert.ok(email, `the receipt of order ${orderId} was e-mailed`);
  return {
    receipt,
    page: receiptTaxStatement(receipt, english, 'en'),
    pdf: (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' '),
    email,
  };
}

/** The school's day a payment was received, as the acknowledgment names it (in the receipt's zone). */
const dayOf = (receipt: Receipt) =>
  new Date(receipt.paidAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: receipt.timeZone });

/** The statement is on the page, in the PDF, and in the e-mail's text and HTML, sentence by sentence. */
function assertEverywhere(read: Awaited<ReturnType<typeof receiptOf>>, statement: string[]) {
  assert.deepEqual(read.page, statement);
  for (const sentence of statement) {
    assert.ok(read.pdf.includes(sentence), `PDF has "${sentence}":\n${read.pdf}`);
    assert.ok(read.email.textBody.includes(sentence), `e-mail text has "${sentence}":\n${read.email.textBody}`);
    assert.ok(read.email.htmlBody.includes(sentence), `e-mail HTML has "${sentence}":\n${read.email.htmlBody}`);
  }
}

const siteIssuer = [
  `Issued by ${DEMO_ORGANIZATION.legalName}`,
  DEMO_ORGANIZATION.address,
  `Tax ID (EIN): ${DEMO_ORGANIZATION.taxId}`,
];

describe('receipts by the tax rules (IRS Publication 1771)', () => {
  it('a $750 sponsorship with a $100 banner: acknowledged, the banner and its value, $650 deductible', async () => {
    const orderId = await paidOrder(LINCOLN_SPONSORS, { sponsorships: 1 });
    const read = await receiptOf(orderId);
    assert.deepEqual(
      read.receipt.lines.map((line) => [line.name, line.lineTotal, line.goodsValue]),
      [['Gold Sponsorship: Stadium banner', 75_000, 10_000]],
    );
    assertEverywhere(read, [
      `${DEMO_ORGANIZATION.legalName} received your cash contribution of $750.00 on ${dayOf(read.receipt)}.`,
      'In exchange for your contribution you received goods or services (Gold Sponsorship: Stadium banner) whose value we estimate in good faith at $100.00.',
      'The amount of your contribution that is deductible for federal income tax purposes is limited to the excess of the money you contributed over the value of the goods or services provided: $650.00.',
      KEEP_FOR_TAX_RECORDS,
      ...siteIssuer,
    ]);
  });

  it('a $300 gift: acknowledged with its amount and day, no goods or services provided', async () => {
    const orderId = await paidOrder(LINCOLN_SPONSORS, { donation: 30_000 });
    const read = await receiptOf(orderId);
    assertEverywhere(read, [
      `${DEMO_ORGANIZATION.legalName} received your cash contribution of $300.00 on ${dayOf(read.receipt)}.`,
      NO_GOODS_FOR_CONTRIBUTION,
      KEEP_FOR_TAX_RECORDS,
      ...siteIssuer,
    ]);
  });

  it('a team that is not a 501(c)(3): its own name, and the payment is not tax-deductible', async () => {
    for (const order of [{ sponsorships: 1 }, { donation: 30_000 }]) {
      const read = await receiptOf(await paidOrder(WESTSIDE_SOCCER, order));
      assert.deepEqual(read.receipt.organization, WESTSIDE_CLUB);
      assertEverywhere(read, [
        'This payment is not tax-deductible as a charitable contribution: Westside Soccer Club is not a 501(c)(3) organisation.',
        'Issued by Westside Soccer Club',
        '9 Field Road, Austin, TX 78701',
        'Tax ID (EIN): 74-1234567',
      ]);
      for (const text of [read.pdf, read.email.textBody]) {
        assert.doesNotMatch(text, /deductible for federal|No goods or services|keep this receipt|Demo Foundation/);
      }
    }
  });

  it('keeps the value an order was sold at: a value changed later does not rewrite its receipt', async () => {
    const orderId = await paidOrder(LINCOLN_SPONSORS, { sponsorships: 2 });
    await importData(t.database.db, {
      items: [{ ...EXTRA_DATA.items[0]!, options: [{ ...EXTRA_DATA.items[0]!.options[0]!, goodsValue: 50_000 }] }],
    });
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    assert.deepEqual(
      lines.map((line) => [line.quantity, line.lineTotal, line.goodsValue]),
      [[2, 150_000, 20_000]],
    );
    const { page } = await receiptOf(orderId);
    assert.ok(
      page.includes(
        'In exchange for your contribution you received goods or services (2 × Gold Sponsorship: Stadium banner) whose value we estimate in good faith at $200.00.',
      ),
      page.join('\n'),
    );
    await importData(t.database.db, { items: EXTRA_DATA.items });
  });

  it("values a chosen bundle at the bundle's own value: two $100 banners as a $150 package", async () => {
    const orderId = await paidOrder(LINCOLN_SPONSORS, { sponsorships: 2, optionBundleId: 90 });
    const { receipt, page } = await receiptOf(orderId);
    assert.deepEqual(
      receipt.lines.map((line) => [line.quantity, line.goodsValue]),
      [[2, 15_000]],
    );
    assert.ok(
      page.includes(
        'In exchange for your contribution you received goods or services (2 × Gold Sponsorship: Stadium banner) whose value we estimate in good faith at $150.00.',
      ),
      page.join('\n'),
    );
    assert.ok(
      page.some((sentence) => sentence.endsWith('goods or services provided: $1,350.00.')),
      page.join('\n'),
    );
  });
});

describe("who issues a school's receipts: its own organisation, else the site's", () => {
  const getSchool = (schoolId: number) =>
    t.inject({ method: 'GET', url: `/api/Admin/GetSchool?schoolId=${schoolId}`, headers: AUTH });
  const saveSchool = (payload: object) =>
    t.inject({ method: 'POST', url: '/api/Admin/SaveSchool', payload, headers: AUTH });

  it("falls back to the site's organisation (ORG_*) for a school without one, whole", async () => {
    const orderId = await paidOrder(LINCOLN_SPONSORS, { donation: 5000 });
    const { receipt } = await receiptOf(orderId);
    assert.deepEqual(receipt.organization, DEMO_ORGANIZATION);
    const school = (await getSchool(1)).json<AdminSchool>();
    assert.deepEqual(school, {
      id: 1,
      name: 'Lincoln High School',
      state: 'Texas',
      timeZone: 'America/Chicago',
      organization: null,
      receiptIssuer: { ...DEMO_ORGANIZATION, from: 'site' },
    });
  });

  it("SaveSchool sets the time zone the school's reminders keep to, and refuses a name that is no zone", async () => {
    const saved = await saveSchool({ id: 1, timeZone: 'America/New_York' });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json<AdminSchool>().timeZone, 'America/New_York');
    assert.equal((await getSchool(1)).json<AdminSchool>().timeZone, 'America/New_York');
    for (const timeZone of ['Texas', 'America/Nowhere', '']) {
      const refused = await saveSchool({ id: 1, timeZone });
      assert.equal(refused.statusCode, 400, timeZone);
      assert.deepEqual(refused.json<{ errors: unknown }>().errors, [
        { field: 'timeZone', message: 'Time zone must be an IANA time zone name, such as America/Chicago.' },
      ]);
    }
    assert.equal((await getSchool(1)).json<AdminSchool>().timeZone, 'America/New_York');
    assert.equal((await saveSchool({ id: 1, timeZone: 'America/Chicago' })).statusCode, 200);
  });

  it("SaveSchool gives a school its own organisation, which its receipts name; null gives them back to the site's", async () => {
    const orderId = await paidOrder(LINCOLN_SPONSORS, { donation: 5000 });
    const boosters = { legalName: 'Lincoln Boosters Inc.', address: null, taxId: ' 12-3456789 ', is501c3: true };
    const saved = await saveSchool({ id: 1, organization: boosters });
    assert.equal(saved.statusCode, 200, saved.body);
    const expected = { ...boosters, taxId: '12-3456789' };
    assert.deepEqual(saved.json<AdminSchool>().organization, expected);
    assert.deepEqual(saved.json<AdminSchool>().receiptIssuer, {
      legalName: 'Lincoln Boosters Inc.',
      address: '',
      taxId: '12-3456789',
      is501c3: true,
      from: 'school',
    });
    assert.deepEqual((await getSchool(1)).json<AdminSchool>(), saved.json());
    // No word of the site's organisation goes with the school's: not its address, not its EIN.
    const { receipt, page } = await receiptOf(orderId);
    assert.deepEqual(receipt.organization, {
      legalName: 'Lincoln Boosters Inc.',
      address: '',
      taxId: '12-3456789',
      is501c3: true,
    });
    assert.deepEqual(page.slice(-2), ['Issued by Lincoln Boosters Inc.', 'Tax ID (EIN): 12-3456789']);

    // What the GET answers can be sent back as it is; leaving the organisation out keeps it.
    assert.equal((await saveSchool(saved.json())).statusCode, 200);
    assert.deepEqual((await saveSchool({ id: 1 })).json<AdminSchool>().organization, expected);

    const cleared = await saveSchool({ id: 1, organization: null });
    assert.equal(cleared.json<AdminSchool>().receiptIssuer.from, 'site');
    assert.deepEqual((await receiptOf(orderId)).receipt.organization, DEMO_ORGANIZATION);
    const [row] = await t.database.db.select().from(schools).where(eq(schools.id, 1));
    assert.deepEqual([row?.orgLegalName, row?.orgAddress, row?.orgTaxId, row?.orgIs501c3], [null, null, null, null]);
  });

  it('a site whose own organisation is not a 501(c)(3) (ORG_IS_501C3=false) words every fallback receipt so', async () => {
    const orderId = await paidOrder(LINCOLN_SPONSORS, { donation: 30_000 });
    const site = await createTestApp({
      database: t.database,
      config: { organization: { ...DEMO_ORGANIZATION, is501c3: false } },
    });
    try {
      const key = encodeURIComponent(links.get(orderId)!);
      const receipt = (await site.inject(`/api/Orders/GetReceipt?orderId=${orderId}&key=${key}`)).json<Receipt>();
      assert.deepEqual(receiptTaxStatement(receipt, english, 'en'), [
        `This payment is not tax-deductible as a charitable contribution: ${DEMO_ORGANIZATION.legalName} is not a 501(c)(3) organisation.`,
        ...siteIssuer,
      ]);
      // A school with its own 501(c)(3) keeps its own wording on that site.
      const ownSchool = (
        await site.inject({ method: 'GET', url: '/api/Admin/GetSchool?schoolId=3', headers: AUTH })
      ).json<AdminSchool>();
      assert.deepEqual(ownSchool.receiptIssuer, {
        legalName: 'Columbus East Athletic Boosters (demo)',
        address: '200 Example Avenue, Columbus, OH 00000',
        taxId: '00-0000001',
        is501c3: true,
        from: 'school',
      });
    } finally {
      await site.close();
    }
  });
});
