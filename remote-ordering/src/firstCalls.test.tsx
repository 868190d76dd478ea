import { render, screen } from '@testing-library/react';
import { matchPage, MemoryRouter } from '@fu/shared';
import { expectFirstCallsMade, fakeApi } from '@fu/shared/testing';
import { App } from './App';
import { pages } from './pages';

// The server reads (or preloads) a page's first API calls from this remote's page table, matched as
// its <Routes> match. An answer is used only by a request to the very same URL: each page here must
// make exactly those calls, first, with exactly those URLs.
const server = fakeApi();

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

const PAGE = '11111111-1111-4111-8111-111111111111';

describe('the ordering pages make the first calls the server preloads for them', () => {
  it.each([
    '/',
    '/SelectLocation',
    '/Give',
    '/Donate',
    '/Purchase',
    '/Purchase/9',
    '/purchase/9/5551234567',
    '/Purchase/abc/x',
    '/SelectSchool/New%20York/-1/0',
    '/selectschool/Rhode%20Island%20%26%20Providence/0/0',
    '/SelectTeam/4/7/5551234567',
    '/Order/1/0/0',
    '/order/6/12/5551234567/',
    '/Order/Edit/5',
    '/Order/Contact/66666666-6666-4666-8666-666666666666',
    '/order/social/77777777-7777-4777-8777-777777777777',
    `/Order/${PAGE}`,
    `/Order/${PAGE}/42`,
    '/Order/not-a-guid',
  ])('%s', (path) => expectFirstCallsMade(server, pages, App, path), 20_000);

  it('names no call for a path no page answers, and the page makes none', async () => {
    expect(matchPage(pages, '/Order/1/2/3/4')).toBeUndefined();
    renderAt('/Order/1/2/3/4');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(server.sent).toEqual([]);
  });
});
