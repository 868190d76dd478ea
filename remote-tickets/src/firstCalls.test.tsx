import { render, waitFor } from '@testing-library/react';
import { api, firstCallsOf, MemoryRouter, pageCallUrl } from '@fu/shared';
import { fakeApi } from '@fu/shared/testing';
import { App } from './App';

// The server preloads the wallet's first API call in its HTML from firstCallsOf (@fu/shared): the
// page must make exactly that call, first, with exactly that URL, or the preload goes unused.
const server = fakeApi();

it.each(['/MyOffers/a1a1a1a1-0000-4000-8000-000000000001', '/myoffers/anything'])(
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
