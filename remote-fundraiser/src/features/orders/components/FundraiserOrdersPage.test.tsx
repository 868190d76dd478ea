import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, PAYMENT_TYPES, Route, Routes } from '@fu/shared';
import { ordersApi } from '../api/ordersApi';
import { FROM_TEAM_PAGE, FundraiserOrdersPage } from './FundraiserOrdersPage';

afterEach(() => jest.restoreAllMocks());

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/FundraiserOrders/abc']}>
      <Routes>
        <Route path="/FundraiserOrders/:fdid" element={<FundraiserOrdersPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('FundraiserOrdersPage', () => {
  it('lists each order with donor name and phone, lines, donation and total, in the order given', async () => {
    jest.spyOn(ordersApi, 'list').mockResolvedValue([
      {
        orderId: 9,
        createdAt: '2026-11-20T15:00:00.000Z',
        paymentTypeId: 2,
        donor: { firstName: 'Casey', lastName: 'Morgan', phone: '5125550188' },
        ordersItems: [{ name: 'Cookie Dough: Chocolate Chip', amount: 2, price: 1800 }],
        donation: 5000,
        orderTotal: 8600,
      },
      {
        orderId: 4,
        createdAt: '2026-11-18T15:00:00.000Z',
        paymentTypeId: 1,
        donor: { firstName: 'Sam', lastName: 'Lee', phone: null },
        ordersItems: [],
        donation: 3500,
        orderTotal: 3500,
      },
    ]);
    renderPage();
    const orders = await screen.findAllByTestId('device-order');
    expect(screen.getByTestId('orders-count')).toHaveTextContent('2 orders · $121.00');
    expect(within(orders[0]!).getByText('Casey Morgan')).toBeInTheDocument();
    expect(within(orders[0]!).getByRole('link', { name: '(512) 555-0188' })).toHaveAttribute('href', 'tel:5125550188');
    expect(within(orders[0]!).getByText('Cookie Dough: Chocolate Chip × 2')).toBeInTheDocument();
    expect(within(orders[0]!).getByText('$36.00')).toBeInTheDocument();
    expect(within(orders[0]!).getByTestId('order-total')).toHaveTextContent('$86.00');
    expect(within(orders[1]!).getByText('Sam Lee')).toBeInTheDocument();
    expect(within(orders[1]!).getByText('Donation')).toBeInTheDocument();
    expect(within(orders[0]!).getByTestId('order-payment')).toHaveTextContent('Paid by card');
    expect(within(orders[1]!).getByTestId('order-payment')).toHaveTextContent('Paid in cash');
  });

  it('an order placed on the team page with this name typed shows no supporter: no name, no phone', async () => {
    jest.spyOn(ordersApi, 'list').mockResolvedValue([
      {
        orderId: 12,
        createdAt: '2026-11-21T15:00:00.000Z',
        paymentTypeId: 2,
        donor: { firstName: '', lastName: '', phone: null },
        fromTeamPage: true,
        ordersItems: [{ name: 'Cookie Dough: Chocolate Chip', amount: 1, price: 1800 }],
        donation: 0,
        orderTotal: 1800,
      },
    ]);
    renderPage();
    const [order] = await screen.findAllByTestId('device-order');
    expect(within(order!).getByText(FROM_TEAM_PAGE)).toBeInTheDocument();
    expect(within(order!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says next to each order number how it was paid: cash, check or card (no payment type is a card)', async () => {
    const order = (orderId: number, paymentTypeId: number | null) => ({
      orderId,
      createdAt: '2026-11-20T15:00:00.000Z',
      paymentTypeId,
      donor: { firstName: 'Sam', lastName: 'Lee', phone: null },
      ordersItems: [],
      donation: 1000,
      orderTotal: 1000,
    });
    jest
      .spyOn(ordersApi, 'list')
      .mockResolvedValue([
        order(1, PAYMENT_TYPES.cash),
        order(2, PAYMENT_TYPES.check),
        order(3, PAYMENT_TYPES.card),
        order(4, null),
      ]);
    renderPage();
    const orders = await screen.findAllByTestId('device-order');
    expect(orders.map((card) => within(card).getByTestId('order-payment').textContent)).toEqual([
      'Paid in cash',
      'Paid by check',
      'Paid by card',
      'Paid by card',
    ]);
    // Next to the order number.
    expect(within(orders[0]!).getByTestId('order-payment').parentElement).toHaveTextContent(
      /^Order #1 · Paid in cash · /,
    );
  });
});
