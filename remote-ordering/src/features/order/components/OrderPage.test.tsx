import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, rememberRecordedSale, Route, Routes } from '@fu/shared';
import { AxiosError, type AxiosResponse } from 'axios';
import { orderApi } from '../api/orderApi';
import { testOrder } from '../testOrder';
import { OrderPage } from './OrderPage';

afterEach(() => jest.restoreAllMocks());

describe('OrderPage', () => {
  it("an unknown fundraiser: the server's 'Fundraiser not found.' and the way to the start page", async () => {
    const notFound = new AxiosError('Not Found', '404', undefined, undefined, {
      status: 404,
      data: { message: 'Fundraiser not found.' },
    } as AxiosResponse);
    jest.spyOn(orderApi, 'fundraiserDetails').mockRejectedValue(notFound);
    render(
      <MemoryRouter initialEntries={['/Order/999/0/0']}>
        <Routes>
          <Route path="/Order/:fundraiserId/:itemId/:phone" element={<OrderPage route="fundraiser" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Fundraiser not found.');
    expect(screen.getByRole('link', { name: 'Find another fundraiser' })).toHaveAttribute('href', '/');
  });
});

describe('OrderPage: the Edit page of a paid order (issue 19, no dead ends)', () => {
  const paid = { ...testOrder, orderId: 42, status: 'paid' } as Awaited<ReturnType<typeof orderApi.fundraiserOrder>>;
  const renderEdit = () =>
    render(
      <MemoryRouter initialEntries={['/Order/Edit/42']}>
        <Routes>
          <Route path="/Order/Edit/:orderId" element={<OrderPage route="edit" />} />
        </Routes>
      </MemoryRouter>,
    );

  it('links the browser that paid it to its receipt', async () => {
    jest.spyOn(orderApi, 'fundraiserOrder').mockResolvedValue(paid);
    const receipt = jest.spyOn(orderApi, 'digitalReceipt').mockResolvedValue('http://site/Receipt/42?key=k');
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order has already been paid and can no longer be changed.',
    );
    expect(await screen.findByRole('link', { name: 'View your receipt' })).toHaveAttribute(
      'href',
      'http://site/Receipt/42?key=k',
    );
    expect(receipt).toHaveBeenCalledWith('http://site', 42);
    expect(screen.queryByRole('link', { name: 'Find another fundraiser' })).not.toBeInTheDocument();
  });

  it('anyone else is led to the start page', async () => {
    jest.spyOn(orderApi, 'fundraiserOrder').mockResolvedValue(paid);
    jest.spyOn(orderApi, 'digitalReceipt').mockRejectedValue(new Error('Not found'));
    renderEdit();
    expect(await screen.findByRole('link', { name: 'Find another fundraiser' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'View your receipt' })).not.toBeInTheDocument();
  });
});

describe('OrderPage: Edit brings the donation back as it was chosen (issue 31)', () => {
  const saved = (donation: number) =>
    ({
      ...testOrder,
      orderId: 42,
      status: 'unpaid',
      donation,
      orderTotal: donation,
      studentFirstName: 'Jordan',
      studentLastName: 'Rivera',
    }) as Awaited<ReturnType<typeof orderApi.fundraiserOrder>>;
  const renderEdit = () =>
    render(
      <MemoryRouter initialEntries={['/Order/Edit/42']}>
        <Routes>
          <Route path="/Order/Edit/:orderId" element={<OrderPage route="edit" />} />
          <Route path="/checkout/:orderId" element={<h1>Checkout page</h1>} />
        </Routes>
      </MemoryRouter>,
    );

  beforeEach(() => {
    jest.spyOn(orderApi, 'bundlesForFundraiser').mockResolvedValue([]);
    jest.spyOn(orderApi, 'progress').mockRejectedValue(new Error('not under test'));
  });

  it('a $50 donation comes back as the Contributor Sponsor tier, and is saved as that tier', async () => {
    jest.spyOn(orderApi, 'fundraiserOrder').mockResolvedValue(saved(5000));
    const createOrder = jest.spyOn(orderApi, 'createOrder').mockResolvedValue(42);
    renderEdit();
    expect(await screen.findByRole('radio', { name: /Contributor Sponsor/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Custom amount' })).not.toBeChecked();
    expect(screen.getByLabelText('Custom donation (USD)')).toHaveValue(null);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    expect(createOrder).toHaveBeenCalledWith(expect.objectContaining({ orderId: 42, donation: 5000 }));
  });

  it('an amount no tier has comes back as a custom amount', async () => {
    jest.spyOn(orderApi, 'fundraiserOrder').mockResolvedValue(saved(6000));
    renderEdit();
    expect(await screen.findByRole('radio', { name: 'Custom amount' })).toBeChecked();
    expect(screen.getByLabelText('Custom donation (USD)')).toHaveValue(60);
  });
});

describe('OrderPage: Edit of a cash or check sale this tab recorded (issue 31)', () => {
  const DEVICE = '11111111-1111-4111-8111-111111111111';
  const sale = {
    ...testOrder,
    orderId: 42,
    status: 'unpaid',
    studentFirstName: 'Jordan',
    studentLastName: 'Rivera',
  } as Awaited<ReturnType<typeof orderApi.fundraiserOrder>>;
  const renderEdit = () =>
    render(
      <MemoryRouter initialEntries={['/Order/Edit/42']}>
        <Routes>
          <Route path="/Order/Edit/:orderId" element={<OrderPage route="edit" />} />
          <Route path="/checkout/:orderId" element={<h1>Checkout page</h1>} />
          <Route path="/checkoutcashcheck/:orderId/:cashcheck" element={<h1>Cash check page</h1>} />
        </Routes>
      </MemoryRouter>,
    );

  beforeEach(() => {
    sessionStorage.clear();
    jest.spyOn(orderApi, 'bundlesForFundraiser').mockResolvedValue([]);
    jest.spyOn(orderApi, 'progress').mockRejectedValue(new Error('not under test'));
    jest.spyOn(orderApi, 'fundraiserOrder').mockResolvedValue(sale);
  });

  it('stays a cash sale: says so, and Continue saves it as one and leads to the cash/check checkout', async () => {
    rememberRecordedSale(42, { pageGuid: DEVICE, studentName: 'Jordan R.' });
    const createOrder = jest.spyOn(orderApi, 'createOrder').mockResolvedValue(42);
    renderEdit();
    expect(await screen.findByText('Recording a cash or check sale for Jordan R.')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Add one Adult Medium' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(await screen.findByRole('heading', { name: 'Cash check page' })).toBeInTheDocument();
    expect(createOrder).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: 42, isCashCheck: true, fundraiserDeviceGuid: DEVICE }),
    );
  });

  it('another tab (or browser) edits it as any order: no cash sale line, no page guid sent', async () => {
    const createOrder = jest.spyOn(orderApi, 'createOrder').mockResolvedValue(42);
    renderEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Add one Adult Medium' }));
    expect(screen.queryByText(/Recording a cash or check sale/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    expect(createOrder).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: 42, isCashCheck: false, fundraiserDeviceGuid: null }),
    );
  });
});
