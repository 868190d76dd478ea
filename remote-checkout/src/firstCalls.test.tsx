import { render } from '@testing-library/react';
import { matchPage, MemoryRouter } from '@fu/shared';
import { expectFirstCallsMade, fakeApi } from '@fu/shared/testing';
import { App } from './App';
import { pages } from './pages';

const server = fakeApi();

it.each(['/Checkout/12', '/checkout/7'])(
  '%s makes the first call the server preloads for it',
  (path) => expectFirstCallsMade(server, pages, App, path),
  20_000,
);

it('makes no call for an id no order can have, and the server preloads none', async () => {
  expect(matchPage(pages, '/Checkout/abc')?.calls).toEqual([]);
  const { findByRole } = render(
    <MemoryRouter initialEntries={['/Checkout/abc']}>
      <App />
    </MemoryRouter>,
  );
  await findByRole('alert');
  expect(server.sent).toEqual([]);
});
