import { render, waitFor } from '@testing-library/react';
import { api, firstCallsOf, MemoryRouter, pageCallUrl } from '@fu/shared';
import { fakeApi } from '@fu/shared/testing';
import { App } from './App';

// The server preloads the checkout's first API call in its HTML from firstCallsOf (@fu/shared): the
// page must make exactly that call, first, with exactly that URL, or the preload goes unused.
const server = fakeApi();

it.each(['/Checkout/12', '/checkout/7'])(
  '%s makes the first call the server preloads for it',
  async (path) => {
    const expected = firstCallsOf(path).map(pageCallUrl);
    expect(expected).toHaveLength(1);
    server.answer({ message: 'Not found.' }, 404);
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>,
    );
    await waitFor(() => expect(server.sent.length).toBeGreaterThanOrEqual(expected.length), { timeout: 15_000 });
    expect(server.sent.slice(0, expected.length).map((config) => api.getUri(config))).toEqual(expected);
  },
  20_000,
);

it('makes no call for an id no order can have, and the server preloads none', async () => {
  expect(firstCallsOf('/Checkout/abc')).toEqual([]);
  const { findByRole } = render(
    <MemoryRouter initialEntries={['/Checkout/abc']}>
      <App />
    </MemoryRouter>,
  );
  await findByRole('alert');
  expect(server.sent).toEqual([]);
});
