import { render, waitFor } from '@testing-library/react';
import { api, firstCallsOf, MemoryRouter, pageCallUrl } from '@fu/shared';
import { fakeApi } from '@fu/shared/testing';
import { App } from './App';

// The server preloads the student page's first API calls in its HTML from firstCallsOf (@fu/shared):
// the page must make exactly those calls, first, with exactly those URLs, or the preloads go unused.
const server = fakeApi();

it.each(['/Fundraiser/11111111-1111-4111-8111-111111111111', '/fundraiser/anything'])(
  '%s makes the first calls the server preloads for it',
  async (path) => {
    const expected = firstCallsOf(path).map(pageCallUrl);
    expect(expected).toHaveLength(2);
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
