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
