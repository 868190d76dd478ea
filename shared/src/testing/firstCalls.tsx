import type { ComponentType } from 'react';
import { render, waitFor } from '@testing-library/react';
import { api } from '../api';
import { pageCallUrl } from '../pages';
import { matchPage, type PageTable } from '../pageTable';
import { MemoryRouter } from '../router';
import type { fakeApi } from './fakeApi';

/**
 * Renders a remote's `App` at `path`, every call failing so the page stops at its first calls, and
 * checks it makes the calls its page table names for the path, which the server reads or preloads
 * for it, first and with the very same URLs: an answer is used only by a request to the same URL.
 * A page whose first calls follow one another (each made once the one before answered) gets `answers`
 * for the URLs that must succeed for the next to be made; every other call fails.
 */
export async function expectFirstCallsMade(
  server: ReturnType<typeof fakeApi>,
  pages: PageTable,
  App: ComponentType,
  path: string,
  answers: Record<string, unknown> = {},
): Promise<void> {
  const expected = (matchPage(pages, path)?.calls ?? []).map(pageCallUrl);
  expect(expected.length).toBeGreaterThan(0);
  server.answerBy((url) => (url in answers ? [answers[url]] : [{ message: 'Not found.' }, 404]));
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  // A page's code may load lazily (compiled on first use here): wait as long as that takes.
  await waitFor(() => expect(server.sent.length).toBeGreaterThanOrEqual(expected.length), { timeout: 15_000 });
  expect(server.sent.slice(0, expected.length).map((config) => api.getUri(config))).toEqual(expected);
}
