import { render, screen, within } from '@testing-library/react';
import { COVERED_FEE_LABEL, MemoryRouter, NO_GOODS_FOR_DONATION, Route, Routes, receiptIssuer } from '@fu/shared';
import { testReceipt } from '@fu/shared/testing';
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
    expect(statement).not.toHaveTextContent(NO_GOODS_FOR_DONATION);
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
    expect(within(records).getByText(NO_GOODS_FOR_DONATION)).toBeInTheDocument();
    for (const line of receiptIssuer(organization)) expect(within(records).getByText(line)).toBeInTheDocument();
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

  it('no donation and no issuer configured: no tax section', async () => {
    jest.spyOn(receiptApi, 'get').mockResolvedValue(receipt);
    renderReceipt();
    await screen.findByTestId('receipt-total');
    expect(screen.queryByRole('heading', { name: 'For your tax records' })).not.toBeInTheDocument();
  });
});
