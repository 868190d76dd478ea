import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from './App';

describe('remote-fundraiser routes', () => {
  it.each([
    ['/Fundraiser/11111111-1111-4111-8111-111111111111', 'My Fundraiser'],
    ['/FundraiserOrders/abc', 'Orders'],
    ['/Fundraisers/abc', 'My Fundraisers'],
  ])('%s shows %s', (path, heading) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
