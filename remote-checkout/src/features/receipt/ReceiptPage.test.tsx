import { render, screen, within } from '@testing-library/react';
import {
  COVERED_FEE_LABEL,
  MemoryRouter,
  NO_GOODS_FOR_CONTRIBUTION,
  Route,
  Routes,
  receiptIssuer,
  rememberRecordedSale,
} from '@fu/shared';
import { testReceipt, testT } from '@fu/shared/testing';
import { receiptApi } from './api/receiptApi';
import { paymentDescription, ReceiptPage } from './components/ReceiptPage';

const receipt = testReceipt();

/** The receipt page at a signed link, as the checkout sends supporters there. */
const renderReceipt = () =>
  render(
    <MemoryRouter initialEntries={['/Receipt/1042?key=abc_DEF-1']}>
      <Routes>
        <Route path="Receipt/:orderId" element={<ReceiptPage />} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(() => jest.restoreAllMocks());

describe('ReceiptPage', () => {
  it('offers the PDF as a plain download link to the signed PDF call, next to Print', async () => {
    const get = jest.spyOn(receiptApi, 'get').mockResolvedValue(receipt);
    renderReceipt();
    const link = await screen.findByRole('link', { name: 'Download PDF' });
    expect(link).toHaveAttribute('href', '/api/Orders/GetReceiptPdf?orderId=1042&key=abc_DEF-1');
    expect(link).toHaveAttribute('download', 'receipt-1042.pdf');
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('$36.00');
    expect(get).toHaveBeenCalledWith(1042, 'abc_DEF-1');
  });

  it("says when it was paid on the school's clock, naming the zone, as the PDF and e-mail do (issue 34)", async () => {
    jest
      .spyOn(receiptApi, 'get')
      .mockResolvedValue({ ...receipt, paidAt: '2026-11-27T03:30:00.000Z', timeZone: 'America/Chicago' });
    renderReceipt();
    expect(await screen.findByText('Paid November 26, 2026 at 9:30 PM CST')).toBeInTheDocument();
  });
});

describe('ReceiptPage: whom the order counted for (issue 31)', () => {
  it('a student credited: "Supporting Jordan R."', async () => {
    jest.spyOn(receiptApi, 'get').mockResolvedValue({ ...receipt, creditedStudent: 'Jordan R.' });
    renderReceipt();
    expect(await screen.findByTestId('receipt-credit')).toHaveTextContent(/^Supporting Jordan R\.$/);
  });

  it('no student credited: the order counts for the team', async () => {
    jest.spyOn(receiptApi, 'get').mockResolvedValue({ ...receipt, creditedStudent: undefined });
    renderReceipt();
    expect(await screen.findByTestId('receipt-credit')).toHaveTextContent(/^This order counts for the team\.$/);
  });
});

describe('ReceiptPage: privacy mode (issue 34)', () => {
  it('names the student by first name, as the server sends it, with no gap for the last name', async () => {
    jest.spyOn(receiptApi, 'get').mockResolvedValue({ ...receipt, studentLastName: '', creditedStudent: 'Jordan' });
    renderReceipt();
    expect(await screen.findByText(/^Order #1042 for Jordan, /)).toBeInTheDocument();
    expect(screen.getByTestId('receipt-credit')).toHaveTextContent(/^Supporting Jordan$/);
    expect(screen.queryByText(/Rivera/)).not.toBeInTheDocument();
  });
});

describe('ReceiptPage digital tickets', () => {
  it('links a ticket buyer to their tickets', async () => {
    const guid = '33333333-3333-4333-8333-333333333333';
    jest.spyOn(receiptApi, 'get').mockResolvedValue({ ...receipt, ticketPurchaseGuid: guid });
    renderReceipt();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your digital tickets' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your digital tickets' })).toHaveAttribute(
      'href',
      `/ManageDiscounts/${guid}`,
    );
  });

  it('puts the tickets first under the heading, as a button-styled link, with Print secondary', async () => {
    const guid = '33333333-3333-4333-8333-333333333333';
    jest.spyOn(receiptApi, 'get').mockResolvedValue({ ...receipt, ticketPurchaseGuid: guid });
    renderReceipt();
    const tickets = await screen.findByRole('region', { name: 'Your digital tickets' });
    const article = tickets.closest('article')!;
    expect(article.firstElementChild).toBe(tickets);
    expect(within(tickets).getByRole('link', { name: 'Open your digital tickets' })).toHaveClass('primaryLink');
    expect(screen.getByRole('button', { name: 'Print receipt' })).toHaveClass('secondary');
  });

  it('keeps Print the main button of a receipt without tickets', async () => {
    jest.spyOn(receiptApi, 'get').mockResolvedValue(receipt);
    renderReceipt();
    expect(await screen.findByRole('button', { name: 'Print receipt' })).not.toHaveClass('secondary');
  });

  it('says nothing of tickets when the order has none', async () => {
    jest.spyOn(receiptApi, 'get').mockResolvedValue(receipt);
    renderReceipt();
    expect(await screen.findByTestId('receipt-total')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your digital tickets' })).not.toBeInTheDocument();
  });
});

describe('ReceiptPage of a cash or check sale', () => {
  const cash = { ...receipt, payment: { ...receipt.payment, paymentTypeId: 3, checkNumber: '1001' } };

  it('says it was recorded as collected and is not yet a tax receipt until the organisation confirms', async () => {
    jest.spyOn(receiptApi, 'get').mockResolvedValue({
      ...cash,
      donation: 3600,
      collection: { receivedAt: null },
      organization: { legalName: '', address: '', taxId: '' },
    });
    renderReceipt();
    const statement = await screen.findByRole('region', { name: 'Not yet a tax receipt' });
    expect(statement).toHaveTextContent('Recorded as collected by a student; not yet received by the organisation.');
    expect(statement).not.toHaveTextContent(NO_GOODS_FOR_CONTRIBUTION);
    expect(screen.getByText('Check #1001, recorded by a student')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Total recorded/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'For your tax records' })).not.toBeInTheDocument();
  });

  it('is a tax receipt once received, saying when', async () => {
    jest
      .spyOn(receiptApi, 'get')
      .mockResolvedValue({ ...cash, collection: { receivedAt: '2026-11-27T15:00:00.000Z' } });
    renderReceipt();
    const records = await screen.findByRole('region', { name: 'For your tax records' });
    expect(records).toHaveTextContent('Received by the organisation on November 27, 2026.');
    expect(screen.getByText('Paid by check #1001')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Total paid/ })).toBeInTheDocument();
  });
});

describe('ReceiptPage after recording a cash or check sale (issue 31)', () => {
  const PAGE = '11111111-1111-4111-8111-111111111111';
  const recorded = {
    ...receipt,
    payment: { ...receipt.payment, paymentTypeId: 1 },
    collection: { receivedAt: null },
  };
  afterEach(() => sessionStorage.clear());

  it('leads the tab that recorded it to another sale and back to the student page, first under the heading', async () => {
    rememberRecordedSale(1042, { pageGuid: PAGE, studentName: 'Jordan R.' });
    jest.spyOn(receiptApi, 'get').mockResolvedValue(recorded);
    renderReceipt();
    const wayOn = await screen.findByRole('region', { name: 'Sale recorded for Jordan R.' });
    expect(wayOn.closest('article')!.firstElementChild).toBe(wayOn);
    expect(within(wayOn).getByRole('link', { name: 'Record another sale' })).toHaveAttribute(
      'href',
      `/Order/${PAGE}/new`,
    );
    expect(within(wayOn).getByRole('link', { name: 'Back to the student page' })).toHaveAttribute(
      'href',
      `/Fundraiser/${PAGE}`,
    );
    // Still not a tax receipt (issue 30).
    expect(screen.getByRole('region', { name: 'Not yet a tax receipt' })).toBeInTheDocument();
  });

  it("the supporter's copy (any other tab or browser) shows neither link nor the page's guid", async () => {
    jest.spyOn(receiptApi, 'get').mockResolvedValue(recorded);
    const { container } = renderReceipt();
    await screen.findByRole('region', { name: 'Not yet a tax receipt' });
    expect(screen.queryByRole('link', { name: 'Record another sale' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to the student page' })).not.toBeInTheDocument();
    expect(container.innerHTML).not.toContain(PAGE);
  });

  it('a card payment is no recorded sale, whatever the tab remembers', async () => {
    rememberRecordedSale(1042, { pageGuid: PAGE, studentName: 'Jordan R.' });
    jest.spyOn(receiptApi, 'get').mockResolvedValue(receipt);
    renderReceipt();
    await screen.findByTestId('receipt-total');
    expect(screen.queryByRole('link', { name: 'Record another sale' })).not.toBeInTheDocument();
  });
});

describe('paymentDescription', () => {
  it('words the payment as every receipt does, with the reference of a card payment', () => {
    expect(paymentDescription(receipt.payment)).toBe('Visa ending in 1111 · reference ch_1');
    expect(paymentDescription({ ...receipt.payment, paymentTypeId: 1 })).toBe('Paid in cash');
    expect(paymentDescription({ ...receipt.payment, paymentTypeId: 3, checkNumber: '1234' })).toBe(
      'Paid by check #1234',
    );
  });
});

describe('ReceiptPage: a receipt a donor can file (issue 19)', () => {
  const organization = {
    legalName: 'Lincoln High School Booster Club',
    address: '100 School Rd, Austin, TX 78701',
    taxId: '12-3456789',
  };
  const rowTexts = () =>
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((row) => row.textContent);

  it('a donation only: the donation as a line, no $0 rows, the no-goods sentence and the issuer', async () => {
    const donation = { ...receipt, lines: [], donation: 5000, orderTotal: 5000, organization };
    jest.spyOn(receiptApi, 'get').mockResolvedValue(donation);
    renderReceipt();
    expect(await screen.findByTestId('receipt-total')).toHaveTextContent('$50.00');
    expect(rowTexts()).toEqual(['ItemQtyAmount', 'Donation$50.00', 'Total paid$50.00']);
    const records = screen.getByRole('region', { name: 'For your tax records' });
    expect(within(records).getByText(NO_GOODS_FOR_CONTRIBUTION)).toBeInTheDocument();
    for (const line of receiptIssuer(organization, testT()))
      expect(within(records).getByText(line)).toBeInTheDocument();
  });

  it('items, shipping and a covered fee: each its own row, the total paid all of them', async () => {
    jest
      .spyOn(receiptApi, 'get')
      .mockResolvedValue({ ...receipt, shippingTotal: 500, coveredFee: 134, orderTotal: 4234 });
    renderReceipt();
    expect(await screen.findByTestId('receipt-total')).toHaveTextContent('$42.34');
    expect(rowTexts()).toEqual([
      'ItemQtyAmount',
      'Cookie Dough: Chocolate Chip2$36.00',
      'Shipping$5.00',
      `${COVERED_FEE_LABEL}$1.34`,
      'Total paid$42.34',
    ]);
  });

  it('a $750 sponsorship with a $100 banner: the goods, their good-faith value and the deductible amount (issue 34)', async () => {
    const sponsorship = {
      ...receipt,
      lines: [
        {
          name: 'Gold Sponsorship: Stadium banner',
          quantity: 1,
          unitPrice: 75000,
          lineTotal: 75000,
          goodsValue: 10000,
        },
      ],
      orderTotal: 75000,
      organization: { ...organization, is501c3: true },
    };
    jest.spyOn(receiptApi, 'get').mockResolvedValue(sponsorship);
    renderReceipt();
    const records = await screen.findByRole('region', { name: 'For your tax records' });
    expect(records).toHaveTextContent(
      'In exchange for your contribution you received goods or services (Gold Sponsorship: Stadium banner) whose value we estimate in good faith at $100.00.',
    );
    expect(records).toHaveTextContent(
      'is limited to the excess of the money you contributed over the value of the goods or services provided: $650.00.',
    );
    expect(records).toHaveTextContent('Lincoln High School Booster Club received your cash contribution of $750.00 on');
  });

  it('an organisation that is not a 501(c)(3): the payment is not tax-deductible (issue 34)', async () => {
    jest.spyOn(receiptApi, 'get').mockResolvedValue({
      ...receipt,
      lines: [],
      donation: 5000,
      orderTotal: 5000,
      organization: { ...organization, is501c3: false },
    });
    renderReceipt();
    const records = await screen.findByRole('region', { name: 'For your tax records' });
    expect(records).toHaveTextContent(
      'This payment is not tax-deductible as a charitable contribution: Lincoln High School Booster Club is not a 501(c)(3) organisation.',
    );
    expect(records).not.toHaveTextContent(NO_GOODS_FOR_CONTRIBUTION);
  });

  it('no donation and no issuer configured: no tax section', async () => {
    jest.spyOn(receiptApi, 'get').mockResolvedValue(receipt);
    renderReceipt();
    await screen.findByTestId('receipt-total');
    expect(screen.queryByRole('heading', { name: 'For your tax records' })).not.toBeInTheDocument();
  });
});
