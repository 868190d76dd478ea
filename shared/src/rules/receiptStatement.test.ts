import { testReceipt } from '../testing/testReceipt';
import { testT } from '../testing/translator';
import {
  goodsDescription,
  KEEP_FOR_TAX_RECORDS,
  NO_GOODS_FOR_CONTRIBUTION,
  receiptRows,
  receiptTaxAmounts,
  receiptTaxStatement,
  receiptTime,
} from './receiptStatement';

const t = testT();

// No lines: each test says what the order held.
const base = testReceipt({ lines: [], orderTotal: 0 });

describe('receiptRows', () => {
  it('shows a donation-only order as one donation line, without $0.00 shipping or fees', () => {
    expect(receiptRows({ ...base, donation: 2500, orderTotal: 2500 }, t)).toEqual([
      { label: 'Donation', quantity: null, cents: 2500 },
    ]);
  });

  it('lists items, then the donation, shipping and the covered fee, each only when paid', () => {
    const rows = receiptRows(
      {
        ...base,
        lines: [{ name: 'Mug', quantity: 2, unitPrice: 1500, lineTotal: 3000 }],
        donation: 1000,
        shippingTotal: 500,
        coveredFee: 169,
        orderTotal: 4669,
      },
      t,
    );
    expect(rows.map((row) => [row.label, row.quantity, row.cents])).toEqual([
      ['Mug', 2, 3000],
      ['Donation', null, 1000],
      ['Shipping', null, 500],
      ['Processing fee you covered', null, 169],
    ]);
  });

  it('names any other amount in the total as fees rather than hide it', () => {
    const rows = receiptRows({ ...base, donation: 1000, orderTotal: 1050 }, t);
    expect(rows.at(-1)).toEqual({ label: 'Fees', quantity: null, cents: 50 });
  });
});

describe('receiptTaxStatement (IRS Publication 1771)', () => {
  const organization = {
    legalName: 'Lincoln Boosters Inc.',
    address: '1 Main St, Springfield, IL 62701',
    taxId: '12-3456789',
    is501c3: true,
  };
  const issuer = ['Issued by Lincoln Boosters Inc.', '1 Main St, Springfield, IL 62701', 'Tax ID (EIN): 12-3456789'];
  const paidAt = '2026-11-27T18:30:00.000Z';
  const mug = { name: 'Mug', quantity: 1, unitPrice: 1500, lineTotal: 1500 };
  /** A $750 sponsorship whose banner the organiser values at $100. */
  const sponsorship = {
    ...base,
    paidAt,
    organization,
    lines: [
      { name: 'Stadium Sponsor Banner: Gold', quantity: 1, unitPrice: 75000, lineTotal: 75000, goodsValue: 10000 },
    ],
    orderTotal: 75000,
  };

  it('a $750 sponsorship with a $100 banner: the acknowledgment, the goods and their value, the deductible amount', () => {
    expect(receiptTaxStatement(sponsorship, t, 'en')).toEqual([
      'Lincoln Boosters Inc. received your cash contribution of $750.00 on November 27, 2026.',
      'In exchange for your contribution you received goods or services (Stadium Sponsor Banner: Gold) whose value we estimate in good faith at $100.00.',
      'The amount of your contribution that is deductible for federal income tax purposes is limited to the excess of the money you contributed over the value of the goods or services provided: $650.00.',
      KEEP_FOR_TAX_RECORDS,
      ...issuer,
    ]);
  });

  it('a $300 gift: the acknowledgment and that no goods or services were provided', () => {
    expect(receiptTaxStatement({ ...base, paidAt, organization, donation: 30000, orderTotal: 30000 }, t, 'en')).toEqual(
      [
        'Lincoln Boosters Inc. received your cash contribution of $300.00 on November 27, 2026.',
        NO_GOODS_FOR_CONTRIBUTION,
        KEEP_FOR_TAX_RECORDS,
        ...issuer,
      ],
    );
  });

  it('a team that is not a 501(c)(3): not tax-deductible, and nothing about deductions', () => {
    const team = { ...organization, legalName: 'Westside Soccer Club', is501c3: false };
    for (const receipt of [
      { ...sponsorship, organization: team },
      { ...base, organization: team, donation: 30000, orderTotal: 30000 },
      { ...base, organization: team, lines: [mug], orderTotal: 1500 },
    ]) {
      expect(receiptTaxStatement(receipt, t, 'en')).toEqual([
        'This payment is not tax-deductible as a charitable contribution: Westside Soccer Club is not a 501(c)(3) organisation.',
        'Issued by Westside Soccer Club',
        '1 Main St, Springfield, IL 62701',
        'Tax ID (EIN): 12-3456789',
      ]);
    }
    expect(receiptTaxStatement({ ...base, organization: { ...team, legalName: '' } }, t, 'en')[0]).toBe(
      'This payment is not tax-deductible as a charitable contribution: it was not made to a 501(c)(3) organisation.',
    );
  });

  it('a gift under $250: that nothing was given for it, with no acknowledgment sentence', () => {
    expect(receiptTaxStatement({ ...base, donation: 2500, orderTotal: 2500, organization }, t, 'en')).toEqual([
      NO_GOODS_FOR_CONTRIBUTION,
      KEEP_FOR_TAX_RECORDS,
      ...issuer,
    ]);
  });

  it('measures the $250 acknowledgment on the contribution, not the payment', () => {
    // $300 paid for a $100 ticket: $200 contributed, under $250.
    const ticket = { name: 'Gala: Ticket', quantity: 1, unitPrice: 30000, lineTotal: 30000, goodsValue: 10000 };
    const [first] = receiptTaxStatement({ ...base, organization, lines: [ticket], orderTotal: 30000 }, t, 'en');
    expect(first).toMatch(/^In exchange for your contribution/);
    // $350 for the same ticket: $250 contributed.
    const [acknowledged] = receiptTaxStatement(
      {
        ...base,
        paidAt,
        organization,
        lines: [{ ...ticket, unitPrice: 35000, lineTotal: 35000 }],
        orderTotal: 35000,
      },
      t,
      'en',
    );
    expect(acknowledged).toBe('Lincoln Boosters Inc. received your cash contribution of $350.00 on November 27, 2026.');
  });

  it('items at their price with a donation: the items and shipping are the goods, the donation and a covered fee the contribution', () => {
    const receipt = {
      ...base,
      organization,
      lines: [{ name: 'Team T-Shirt: Adult Medium', quantity: 2, unitPrice: 2000, lineTotal: 4000 }],
      donation: 3500,
      shippingTotal: 500,
      coveredFee: 300,
      orderTotal: 8300,
    };
    expect(receiptTaxAmounts(receipt)).toEqual({ paid: 8300, goodsAndServices: 4500, contribution: 3800 });
    expect(receiptTaxStatement(receipt, t, 'en').slice(0, 2)).toEqual([
      'In exchange for your contribution you received goods or services (2 × Team T-Shirt: Adult Medium; shipping) whose value we estimate in good faith at $45.00.',
      'The amount of your contribution that is deductible for federal income tax purposes is limited to the excess of the money you contributed over the value of the goods or services provided: $38.00.',
    ]);
  });

  it('names only the lines that gave something: a line valued at nothing is part of the contribution', () => {
    const receipt = {
      ...base,
      lines: [
        { name: 'Sponsor a Player: Jersey', quantity: 1, unitPrice: 5000, lineTotal: 5000, goodsValue: 0 },
        { ...mug, goodsValue: 1500 },
      ],
      orderTotal: 6500,
    };
    expect(goodsDescription(receipt, t)).toBe('Mug');
    expect(receiptTaxAmounts(receipt).contribution).toBe(5000);
  });

  it('says nothing about deductions for a payment wholly for goods, and leaves out what is not configured', () => {
    expect(
      receiptTaxStatement(
        {
          ...base,
          lines: [mug],
          orderTotal: 1500,
          organization: { ...organization, address: ' ' },
        },
        t,
        'en',
      ),
    ).toEqual(['Issued by Lincoln Boosters Inc.', 'Tax ID (EIN): 12-3456789']);
  });

  it('reads a receipt from before issue 34 (no goods values, no 501(c)(3) flag) as before: lines at their total', () => {
    const receipt = { ...base, lines: [mug], donation: 3500, orderTotal: 5000, organization: { ...organization } };
    delete (receipt.organization as { is501c3?: boolean }).is501c3;
    expect(receiptTaxAmounts(receipt)).toEqual({ paid: 5000, goodsAndServices: 1500, contribution: 3500 });
    expect(receiptTaxStatement(receipt, t, 'en')).toContain(KEEP_FOR_TAX_RECORDS);
  });

  it('a cash sale received: the day it was received, once, in the acknowledgment when there is one', () => {
    const collection = { receivedAt: '2026-12-02T10:00:00.000Z' };
    expect(receiptTaxStatement({ ...base, organization, collection, lines: [mug], orderTotal: 1500 }, t, 'en')[0]).toBe(
      'Received by the organisation on December 2, 2026.',
    );
    const large = receiptTaxStatement(
      {
        ...base,
        paidAt,
        organization,
        collection,
        donation: 30000,
        orderTotal: 30000,
      },
      t,
      'en',
    );
    expect(large[0]).toBe('Lincoln Boosters Inc. received your cash contribution of $300.00 on December 2, 2026.');
    expect(large.join(' ')).not.toMatch(/Received by the organisation/);
  });
});

describe('receiptTime (issue 34: receipts show local times)', () => {
  it("reads a moment on the school's clock, naming the zone: the evening before in Texas", () => {
    expect(receiptTime('2026-11-27T03:30:00.000Z', { timeZone: 'America/Chicago' }, 'en')).toBe(
      'November 26, 2026 at 9:30 PM CST',
    );
    expect(receiptTime('2026-11-27T03:30:00.000Z', { timeZone: 'America/New_York' }, 'en')).toBe(
      'November 26, 2026 at 10:30 PM EST',
    );
    expect(receiptTime('2026-11-27T03:30:00.000Z', { timeZone: 'America/Los_Angeles' }, 'en')).toBe(
      'November 26, 2026 at 7:30 PM PST',
    );
  });

  it('follows daylight saving time (Denver, July)', () => {
    expect(receiptTime('2026-07-04T18:05:00.000Z', { timeZone: 'America/Denver' }, 'en')).toBe(
      'July 4, 2026 at 12:05 PM MDT',
    );
  });

  it('says UTC for a receipt without a zone (a server before issue 34)', () => {
    expect(receiptTime('2026-11-27T03:30:00.000Z', {}, 'en')).toBe('November 27, 2026 at 3:30 AM UTC');
  });

  it("names the school's day a cash sale was received, not the UTC day", () => {
    const collection = { receivedAt: '2026-12-02T04:00:00.000Z' };
    const statement = receiptTaxStatement(
      {
        ...base,
        timeZone: 'America/Chicago',
        organization: { legalName: '', address: '', taxId: '', is501c3: true },
        collection,
        lines: [{ name: 'Mug', quantity: 1, unitPrice: 1500, lineTotal: 1500 }],
        orderTotal: 1500,
      },
      t,
      'en',
    );
    expect(statement[0]).toBe('Received by the organisation on December 1, 2026.');
  });
});
