import { expect, test, type Page } from '@playwright/test';
import { DEVICE, unpaidCardOrder } from '../support/orders';
import { expectAppRunning } from '../support/appRunning';
import { holdRemote, reactHolds } from '../support/heldScripts';
import type { RemoteName } from '../support/stack';
import { activateOnThisPhone, newComplimentaryTicket } from '../support/wallet';

const SAMPLE_TICKET = 'a1a1a1a1-0000-4000-8000-000000000001';

// Issue 33: the server renders each page's first screen from its release's own components with the
// answers it read, and the app takes that markup over (hydrates it): one read and one render per page
// view. The served elements stay in the page, in their boxes, with focus and typing kept.

/** Every layout shift of the page, as CLS adds them up (recent input or not: any shift counts here). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const total = { value: 0 };
    (window as unknown as { layoutShift: typeof total }).layoutShift = total;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) total.value += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShift: { value: number } }).layoutShift.value);
}

/** The API calls the page makes, by address. */
function apiCalls(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) urls.push(request.url());
  });
  return (fragment: string) => urls.filter((url) => url.includes(fragment)).length;
}

for (const { name, path, remote, call, heading } of [
  { name: 'the state list', path: async () => '/', remote: 'ordering', call: 'ListActiveStates', heading: /State/ },
  {
    name: 'an order link',
    path: async () => '/Order/1/0/0',
    remote: 'ordering',
    call: 'GetFundraiserDetails?',
    heading: /./,
  },
  {
    name: "a student's page",
    path: async () => `/Fundraiser/${DEVICE}`,
    remote: 'fundraiser',
    call: 'GetMyFundraiser',
    heading: 'Lincoln Football 2026',
  },
  {
    name: "a ticket's sample wallet",
    path: async () => `/MyOffers/${SAMPLE_TICKET}`,
    remote: 'tickets',
    call: 'CheckSessionStatus',
    heading: 'Offers',
  },
  {
    name: "an order's checkout, in its own browser",
    path: async (page: Page) => `/Checkout/${await unpaidCardOrder(page.request)}`,
    remote: 'checkout',
    call: 'GetOrder?',
    heading: 'Checkout',
  },
] satisfies {
  name: string;
  path: (page: Page) => Promise<string>;
  remote: RemoteName;
  call: string;
  heading: string | RegExp;
}[]) {
  test(`${name}: the app takes over the served page, the same heading element, without asking its first call again`, async ({
    page,
  }) => {
    const calls = apiCalls(page);
    const layoutShift = await recordLayoutShifts(page);
    const link = await path(page);
    const release = await holdRemote(page, remote);
    // The page's later calls (progress, bundles) wait until the takeover is measured: what they bring
    // moves the page on purpose.
    let releaseCalls!: () => void;
    const callsHeld = new Promise<void>((resolve) => (releaseCalls = resolve));
    await page.route('**/api/**', async (route) => {
      await callsHeld;
      await route.continue();
    });
    await page.goto(link);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText(heading);
    const served = await h1.elementHandle();
    expect(await reactHolds(page.locator('h1').first())).toBe(false);
    const before = await h1.boundingBox();

    release();
    await expect.poll(() => reactHolds(page.locator('h1').first())).toBe(true);
    expect(await h1.evaluate((element, kept) => element === kept, served)).toBe(true);
    expect(await h1.boundingBox()).toEqual(before);
    expect(await layoutShift()).toBeLessThan(0.1);
    releaseCalls();
    await expect(page.locator('[data-spinner]')).toHaveCount(0);
    expect(calls(call), `${call} was answered in the page`).toBe(0);
  });
}

test('a Tab pressed before the app runs stays on the skip link after it; the next page gets focus', async ({
  page,
}) => {
  const release = await holdRemote(page, 'ordering');
  await page.goto('/');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(page.getByRole('link', { name: 'Texas' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();

  release();
  await expect.poll(() => reactHolds(page.locator('h1').first())).toBe(true);
  await expect(skip).toBeFocused();
  await expect(skip).toHaveCSS('outline-style', 'solid');
  // On from the skip link as ever: Enter, then Tab lands past the header, on the first state.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const states = page.getByRole('list', { name: 'States' }).getByRole('link');
  await expect(states.first()).toBeFocused();
  // The app runs: its links navigate in the page, and the next page's heading takes focus.
  await states.filter({ hasText: 'Texas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Select Fundraiser's School" })).toBeFocused();
});

test("an order link's served form takes typing once the app runs it, and what is typed is the app's", async ({
  page,
}) => {
  const release = await holdRemote(page, 'ordering');
  await page.goto('/Order/1/0/0');
  const firstName = page.getByLabel('Student first name');
  // Served, and not yet the app's: its fields wait (typed into now, a value would be shown the app never had).
  await expect(firstName).toBeVisible();
  await expect(firstName).toBeDisabled();
  expect(await reactHolds(page.locator('h1').first())).toBe(false);

  release();
  await expect(firstName).toBeEnabled();
  await firstName.fill('Sam');
  await page.getByLabel('Student last name').fill('Lee');
  await expect(firstName).toHaveValue('Sam');
  // The page finishes drawing (its items, its total) and the name is still there, in the app's state too.
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeVisible();
  await expect(firstName).toHaveValue('Sam');
});

test("a ticket's holder reopens the wallet: the server read it with the device's cookie, and the app asks for none of it", async ({
  page,
}) => {
  const session = await newComplimentaryTicket(page.request);
  await activateOnThisPhone(page, page.request, session, '5125550163');
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name === 'fu_ticket_device').map((cookie) => cookie.path)).toEqual(
    expect.arrayContaining(['/api/Tickets', '/MyOffers']),
  );
  const calls = apiCalls(page);
  const release = await holdRemote(page, 'tickets');
  await page.goto(`/MyOffers/${session}`);
  // Served, before the app runs: the holder's own wallet, its offers to redeem.
  await expect(page.getByText('Show an offer at the register')).toBeVisible();
  await expect(page.getByTestId('offer')).toHaveCount(3);
  const h1 = page.getByRole('heading', { level: 1 });
  const served = await h1.elementHandle();
  release();
  await expect.poll(() => reactHolds(page.locator('h1').first())).toBe(true);
  expect(await h1.evaluate((element, kept) => element === kept, served)).toBe(true);
  await expect(page.locator('[data-spinner]')).toHaveCount(0);
  for (const call of ['CheckSessionStatus', 'GetSession?', 'GetOffers?']) {
    expect(calls(call), `${call} was answered in the page`).toBe(0);
  }
  // The app's own: an offer opens its redeem page.
  await page.getByTestId('offer').first().click();
  await expect(page).toHaveURL(new RegExp(`/MyOffers/${session}/Redeem/\\d+$`));
});

test('a page reloaded on a history entry the app made is taken over as served too, with no hydration error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expectAppRunning(page);
  // Followed in the app: the entry now carries React Router's state, which a reload keeps.
  await page.getByRole('link', { name: 'Texas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Select Fundraiser's School" })).toBeVisible();
  expect(await page.evaluate(() => (window.history.state as { key?: string } | null)?.key)).toBeTruthy();

  const calls = apiCalls(page);
  const release = await holdRemote(page, 'ordering');
  await page.reload();
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText("Select Fundraiser's School");
  const served = await h1.elementHandle();
  release();
  await expect.poll(() => reactHolds(page.locator('h1').first())).toBe(true);
  expect(await h1.evaluate((element, kept) => element === kept, served), 'the served heading is kept').toBe(true);
  await expect(page.getByRole('link', { name: 'Lincoln High School' })).toBeVisible();
  expect(calls('ListActiveSchools'), 'the schools were answered in the page').toBe(0);
  expect(errors.filter((text) => /React error|hydrat/i.test(text))).toEqual([]);
});
