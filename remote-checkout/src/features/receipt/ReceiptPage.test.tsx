import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, type Receipt } from '@fu/shared';
import { receiptApi } from './api/receiptApi';
import { paymentDescription, ReceiptPage } from './components/ReceiptPage';

const receipt: Receipt = {
  orderId: 1042,
  teamName: 'Varsity Football',
  schoolName: 'Lincoln High School',
  studentFirstName: 'Jordan',
  studentLastName: 'Rivera',
  supporterFirstName: 'Casey',
  supporterLastName: 'Morgan',
  donorEmail: 'casey@example.com',
  paidAt: '2026-03-01T15:04:00.000Z',
  lines: [{ name: 'Cookie Dough: Chocolate Chip', quantity: 2, unitPrice: 1800, lineTotal: 3600 }],
  donation: 0,
  shippingTotal: 0,
  orderTotal: 3600,
  payment: { paymentTypeId: 2, brand: 'visa', last4: '1111', reference: 'ch_1', checkNumber: null },
};

afterEach(() => jest.restoreAllMocks());

describe('ReceiptPage', () => {
  it('offers the PDF as a plain download link to the signed PDF call, next to Print', async () => {
    const get = jest.spyOn(receiptApi, 'get').mockResolvedValue(receipt);
    render(
      <MemoryRouter initialEntries={['/Receipt/1042?key=abc_DEF-1']}>
        <Routes>
          <Route path="Receipt/:orderId" element={<ReceiptPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: 'Download PDF' });
    expect(link).toHaveAttribute('href', '/api/Orders/GetReceiptPdf?orderId=1042&key=abc_DEF-1');
    expect(link).toHaveAttribute('download', 'receipt-1042.pdf');
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('$36.00');
    expect(get).toHaveBeenCalledWith(1042, 'abc_DEF-1');
  });
});

describe('ReceiptPage digital tickets', () => {
  const renderReceipt = () =>
    render(
      <MemoryRouter initialEntries={['/Receipt/1042?key=abc_DEF-1']}>
        <Routes>
          <Route path="Receipt/:orderId" element={<ReceiptPage />} />
        </Routes>
      </MemoryRouter>,
    );

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
