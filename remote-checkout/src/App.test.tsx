import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@fu/shared';
import { App } from './App';
import { checkoutApi } from './features/checkout';

// Route tests check headings only; the order itself is the checkout page's own tests' business.
beforeEach(() => jest.spyOn(checkoutApi, 'getOrder').mockRejectedValue(new Error('not loaded in route tests')));
afterEach(() => jest.restoreAllMocks());

describe('remote-checkout routes', () => {
  it.each([
    ['/Checkout/5', 'Checkout'],
    ['/checkout/5', 'Checkout'],
    ['/CheckoutCashCheck/5/1', 'Cash / Check Order'],
    ['/Receipts', 'Find a receipt'],
    ['/receipts', 'Find a receipt'],
    ['/Checkout/5/extra', 'Page not found'],
  ])('%s shows %s', (path, heading) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
