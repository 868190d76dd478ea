import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectServedPageAccessible, withoutScripts } from '../support/firstPaint';
import { DEVICE, paidCashOrder, unpaidCardOrder } from '../support/orders';
import { holdRemote } from '../support/heldScripts';
import { baseURL, type RemoteName } from '../support/stack';

// Issue 20's LCP, issue 33's hydration: Lighthouse's LCP is the largest text painted. Each page's
// largest first-screen block is served as its release renders it, and the app takes that markup over
// (hydrates it): the block stays the same element, in the same box, and nothing larger is painted.

const SAMPLE_TICKET = 'a1a1a1a1-0000-4000-8000-000000000001'; // the demo's sample ticket

interface FirstScreen {
  name: string;
  /** The page's path, or what makes it for this page's browser (an order of its own). */
  path: string | ((page: Page) => Promise<string>);
  remote: RemoteName;
  /** The page's largest first-screen block. */
  block: (scope: Locator) => Locator;
  /** Other served blocks the app draws in the same box. */
  alsoKeeps?: (scope: Locator) => Locator[];
  /** Shows once the app's page has loaded what it shows first. */
  loaded: (page: Page) => Locator;
}

const SCREENS: FirstScreen[] = [
  {
    name: 'the order page',
    path: '/Order/1/0/0',
    remote: 'ordering',
    block: (scope) => scope.getByRole('heading', { level: 2, name: 'Which student are you supporting?' }),
    loaded: (page) => page.getByTestId('team-progress'),
  },
  {
    name: "the student's page",
    path: `/Fundraiser/${DEVICE}`,
    remote: 'fundraiser',
    // At 360 px the reminders' invitation is larger than the fundraiser's name; at 412 px the name is.
    block: (scope) => scope.getByText("We'll text you two days after kickoff"),
    loaded: (page) => page.getByTestId('student-progress'),
  },
  {
    // The browser that made the order (page.request shares the page's cookies, the browser key's
    // two paths among them), as the order page's Checkout button leaves it.
    name: "the checkout, to the order's own browser",
    path: async (page) => `/Checkout/${await unpaidCardOrder(page.request)}`,
    remote: 'checkout',
    block: (scope) => scope.getByText(/to cover the card processing fee/),
    alsoKeeps: (scope) => [scope.getByRole('table', { name: 'Order summary' })],
    loaded: (page) => page.getByRole('group', { name: 'Card payment' }),
  },
  {
    name: "a paid order's checkout, to its own browser",
    path: async (page) => `/Checkout/${await paidCashOrder(page.request)}`,
    remote: 'checkout',
    block: (scope) => scope.getByText('This order has been paid. Thank you for your support!'),
    loaded: (page) => page.getByRole('link', { name: 'Back to the start page' }),
  },
];

interface LcpEntry {
  size: number;
  /** Where its element was when the entry came: the served page, the app, or already gone. */
  where: 'served' | 'app' | 'gone' | 'other';
  probe: boolean;
  text: string;
}

/** Every LCP candidate the page reports, where its element was as it came. */
async function recordLcp(page: Page) {
  await page.addInitScript(() => {
    const records: { size: number; element: Element | null; inRoot: boolean; probe: boolean; text: string }[] = [];
    // What the server sent, before any script of the page runs.
    const served = new WeakSet<Element>();
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        Array.from(document.querySelectorAll('#root *')).forEach((element) => served.add(element));
    });
    // Where each candidate was is decided when the entries are read, not when they come: a slow
    // parser paints the served page (and reports its candidate) before the document is interactive.
    (window as unknown as { lcpEntries: () => unknown[] }).lcpEntries = () =>
      records.map(({ element, inRoot, ...entry }) => ({
        ...entry,
        where: !element ? 'gone' : served.has(element) ? 'served' : inRoot ? 'app' : 'other',
      }));
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[]) {
        const element = entry.element;
        records.push({
          size: entry.size,
          element,
          inRoot: element?.closest('#root') !== null && element !== null,
          probe: element?.id === 'lcp-probe',
          text: element?.textContent?.trim().slice(0, 60) ?? '',
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/**
 * The LCP candidates up to now. A probe larger than the viewport's content is painted two frames
 * after the call (the takeover's frame is painted by then) and its entry awaited: entries come in
 * paint order, so any candidate the app's first paint made is among those before it.
 */
async function lcpEntriesAfterTakeover(page: Page): Promise<LcpEntry[]> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const probe = document.createElement('div');
            probe.id = 'lcp-probe';
            probe.setAttribute('aria-hidden', 'true');
            probe.textContent = 'probe '.repeat(3000);
            probe.style.cssText = 'position:fixed;inset:0;overflow:hidden;background:#fff;z-index:100';
            document.body.append(probe);
            resolve();
          }),
        ),
      ),
  );
  const entries = () => page.evaluate(() => (window as unknown as { lcpEntries: () => LcpEntry[] }).lcpEntries());
  await expect.poll(async () => (await entries()).some((entry) => entry.probe)).toBe(true);
  return (await entries()).filter((entry) => !entry.probe);
}

for (const viewport of [
  { width: 360, height: 740 },
  // Lighthouse's mobile screen.
  { width: 412, height: 823 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const screen of SCREENS) {
      test(`${screen.name}: its largest first block is served, and the app keeps that element, its box, and paints no new LCP`, async ({
        page,
      }) => {
        await recordLcp(page);
        const path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
        const release = await holdRemote(page, screen.remote);
        await page.goto(path);
        const served = page.locator('#root');
        await expect(screen.block(served)).toBeVisible();
        const block = await screen.block(served).elementHandle();
        const before = await screen.block(served).boundingBox();
        const size = async (locator: Locator) => {
          const box = await locator.boundingBox();
          return { width: box?.width, height: box?.height };
        };
        const othersBefore = await Promise.all((screen.alsoKeeps?.(served) ?? []).map(size));

        release();
        await expect(screen.loaded(page)).toBeVisible();
        // The app took the served element over: the same node, still in the page.
        expect(await block!.evaluate((element) => element.isConnected)).toBe(true);
        expect(await screen.block(served).evaluate((element, kept) => element === kept, block)).toBe(true);
        // Its size, which decides LCP. Its place may move down a line: the team's progress text wraps
        // to two lines once earlier specs have raised money, and the served placeholder holds one.
        const after = await screen.block(served).boundingBox();
        expect({ width: after?.width, height: after?.height }).toEqual({
          width: before?.width,
          height: before?.height,
        });
        expect(await Promise.all((screen.alsoKeeps?.(served) ?? []).map(size))).toEqual(othersBefore);

        const entries = await lcpEntriesAfterTakeover(page);
        expect(entries[0]?.where, 'the first LCP is the served page').toBe('served');
        // The largest content stays what was served: the app painted nothing larger.
        expect(entries.filter((entry) => entry.where === 'app')).toEqual([]);
      });
    }
  });
}

test('without JavaScript, the order page, student page, wallet and checkout show their first screen; axe finds nothing', async ({
  browser,
}) => {
  await withoutScripts(browser, async (page) => {
    await page.goto('/Order/1/0/0');
    await expect(page.getByRole('heading', { level: 2, name: 'Which student are you supporting?' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Team progress' })).toBeVisible();

    await page.goto(`/Fundraiser/${DEVICE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lincoln Football 2026' })).toBeVisible();
    await expect(page.getByText('Jordan Rivera', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Text reminders' })).toContainText('raise up to 20% more');

    // The sample ticket's wallet, read for anyone: its offers, with the preview's note.
    await page.goto(`/MyOffers/${SAMPLE_TICKET}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Preview: these offers');
    await expect(page.getByTestId('offer').first()).toBeVisible();

    await page.goto('/Checkout/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  });
  for (const path of ['/Order/1/0/0', `/Fundraiser/${DEVICE}`, `/MyOffers/${SAMPLE_TICKET}`, '/Checkout/1']) {
    await expectServedPageAccessible(browser, path);
  }
});

test("without JavaScript, the checkout shows its order to the browser that made it, and another's order to no one", async ({
  browser,
  page,
}) => {
  const orderId = await unpaidCardOrder(page.request);
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name === 'fu_browser').map((cookie) => cookie.path)).toEqual(
    expect.arrayContaining(['/api', '/Checkout']),
  );
  await withoutScripts(
    browser,
    async (own) => {
      await own.goto(`/Checkout/${orderId}`);
      const summary = own.getByRole('table', { name: 'Order summary' });
      await expect(summary).toBeVisible();
      await expect(summary).toContainText('Cookie Dough');
      await expect(summary.locator('tfoot')).toContainText('$68.00');
      await expect(
        own.getByText(/to cover the card processing fee, so Varsity Football receives the full \$68\.00\./),
      ).toBeVisible();
      // The card fields are served too, without names: a form sent before the app runs carries none of them.
      await expect(own.locator('input[name*="card" i], input[autocomplete^="cc-"][name]')).toHaveCount(0);
    },
    cookies,
  );
  await expectServedPageAccessible(browser, `/Checkout/${orderId}`, cookies);

  // Another browser, with a key of its own: nothing of the order.
  const stranger = await browser.newContext({ baseURL });
  await unpaidCardOrder(stranger.request);
  const strangerCookies = await stranger.cookies();
  await stranger.close();
  await withoutScripts(
    browser,
    async (other) => {
      await other.goto(`/Checkout/${orderId}`);
      await expect(other.getByRole('table')).toHaveCount(0);
      await expect(other.getByText('$68.00')).toHaveCount(0);
    },
    strangerCookies,
  );
});
