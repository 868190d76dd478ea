import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@fu/shared';
import { AxiosError, type AxiosResponse } from 'axios';
import { orderApi } from '../api/orderApi';
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
