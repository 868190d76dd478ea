import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from './App';

describe('remote-checkout routes', () => {
  it.each([
    ['/Checkout/5', 'Checkout'],
    ['/checkout/5', 'Checkout'],
    ['/CheckoutCashCheck/5/1', 'Cash / Check Order'],
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
