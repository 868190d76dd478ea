import { testReceipt } from '../testing/testReceipt';
import { NO_GOODS_FOR_DONATION, receiptRows, receiptTaxStatement } from './receiptStatement';

// No lines: each test says what the order held.
const base = testReceipt({ lines: [], orderTotal: 0 });

describe('receiptRows', () => {
  it('shows a donation-only order as one donation line, without $0.00 shipping or fees', () => {
    expect(receiptRows({ ...base, donation: 2500, orderTotal: 2500 })).toEqual([
      { label: 'Donation', quantity: null, cents: 2500 },
    ]);
  });

  it('lists items, then the donation, shipping and the covered fee, each only when paid', () => {
    const rows = receiptRows({
      ...base,
      lines: [{ name: 'Mug', quantity: 2, unitPrice: 1500, lineTotal: 3000 }],
      donation: 1000,
      shippingTotal: 500,
      coveredFee: 169,
      orderTotal: 4669,
    });
    expect(rows.map((row) => [row.label, row.quantity, row.cents])).toEqual([
      ['Mug', 2, 3000],
      ['Donation', null, 1000],
      ['Shipping', null, 500],
      ['Processing fee you covered', null, 169],
    ]);
  });

  it('names any other amount in the total as fees rather than hide it', () => {
    const rows = receiptRows({ ...base, donation: 1000, orderTotal: 1050 });
    expect(rows.at(-1)).toEqual({ label: 'Fees', quantity: null, cents: 50 });
  });
});

describe('receiptTaxStatement', () => {
  const organization = {
    legalName: 'Lincoln Boosters Inc.',
    address: '1 Main St, Springfield, IL 62701',
    taxId: '12-3456789',
  };

  it('says no goods or services were given for a donation and who issued the receipt', () => {
    expect(receiptTaxStatement({ ...base, donation: 2500, orderTotal: 2500, organization })).toEqual([
      NO_GOODS_FOR_DONATION,
      'Please keep this receipt for your tax records.',
      'Issued by Lincoln Boosters Inc.',
      '1 Main St, Springfield, IL 62701',
      'Tax ID (EIN): 12-3456789',
    ]);
  });

  it('names the donation when the order also bought items', () => {
    const [first] = receiptTaxStatement({
      ...base,
      lines: [{ name: 'Mug', quantity: 1, unitPrice: 1500, lineTotal: 1500 }],
      donation: 1000,
      orderTotal: 2500,
    });
    expect(first).toBe(
      'No goods or services were provided in exchange for the donation of $10.00; the rest of the total paid for the items listed.',
    );
  });

  it('says the rest paid for the items and the covered fee when both were paid with the donation', () => {
    const [first] = receiptTaxStatement({
      ...base,
      lines: [{ name: 'Mug', quantity: 1, unitPrice: 1500, lineTotal: 1500 }],
      donation: 1000,
      coveredFee: 106,
      orderTotal: 2606,
    });
    expect(first).toBe(
      'No goods or services were provided in exchange for the donation of $10.00; the rest of the total paid for the items listed and the processing fee you covered.',
    );
  });

  it('says nothing about donations for a purchase, and leaves out what is not configured', () => {
    expect(
      receiptTaxStatement({
        ...base,
        lines: [{ name: 'Mug', quantity: 1, unitPrice: 1500, lineTotal: 1500 }],
        orderTotal: 1500,
        organization: { ...organization, address: ' ' },
      }),
    ).toEqual(['Issued by Lincoln Boosters Inc.', 'Tax ID (EIN): 12-3456789']);
  });
});
