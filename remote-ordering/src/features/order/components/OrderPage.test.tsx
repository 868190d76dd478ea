import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@fu/shared';
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
          <Route path="/Order/*" element={<OrderPage />} />
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
          <Route path="/Order/*" element={<OrderPage />} />
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
