import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { expectServedPageAccessible } from '../support/firstPaint';
import { DEVICE, unpaidCardOrder } from '../support/orders';
import { baseURL, ports } from '../support/stack';

// Issue 20: the server writes each page's HTML with the runtime config inline and hints that fetch
// the page's remote entry, its chunks and its first API calls at once, instead of one after another.

interface Hint {
  rel: string;
  as: string | null;
  href: string;
  crossorigin: string | null;
}

/** The page's HTML as served, before any script runs, read by the browser's own parser. */
async function servedHtml(page: Page, request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  // A student's page, a checkout and a wallet paint their holder's data: stored nowhere.
  expect(response.headers()['cache-control']).toBe(
    /^\/(Fundraiser|Checkout|MyOffers)\//.test(path) ? 'private, no-store' : 'private, no-cache',
  );
  const html = await response.text();
  const served = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const hints = Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel=preload], link[rel=preconnect]')).map(
      (link) => ({
        rel: link.rel,
        as: link.getAttribute('as'),
        href: link.getAttribute('href') ?? '',
        crossorigin: link.getAttribute('crossorigin'),
      }),
    );
    const config = doc.getElementById('fu-runtime-config');
    const scripts = Array.from(doc.querySelectorAll('script')).map(
      (script) => script.getAttribute('type') ?? script.getAttribute('src') ?? 'inline',
    );
    const answers = doc.getElementById('fu-served-answers');
    return {
      hints,
      config: config && (JSON.parse(config.textContent ?? '') as unknown),
      answers: (answers ? JSON.parse(answers.textContent ?? '{}') : {}) as Record<string, unknown>,
      scripts,
    };
  }, html);
  // Addresses as the browser requests them, resolved against the page's own.
  const hints: Hint[] = served.hints.map((hint) => ({ ...hint, href: new URL(hint.href, api(path)).href }));
  return { ...served, hints };
}

/** Every request the page makes from now on, counted by URL, and the CSP violations it meets. */
async function watch(page: Page) {
  const requests = new Map<string, number>();
  page.on('request', (request) => requests.set(request.url(), (requests.get(request.url()) ?? 0) + 1));
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return {
    count: (url: string) => requests.get(url) ?? 0,
    urls: () => [...requests.keys()],
    violations: async () => [
      ...cspErrors,
      ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ],
  };
}

const origin = (port: number) => `http://localhost:${port}`;
const api = (path: string) => `http://localhost:${ports.api}${path}`;

const WALLET = 'a1a1a1a1-0000-4000-8000-000000000001';

/** The path of one page to check; a checkout's is an order this page's browser made. */
type PathOf = (request: APIRequestContext) => Promise<string>;
const at =
  (path: string): PathOf =>
  async () =>
    path;

for (const { name, pathOf, remote, chunks, calls, read, shown } of [
  {
    name: '/',
    pathOf: at('/'),
    remote: 'ordering' as const,
    chunks: [/__federation_expose_App\.[0-9a-f]{8}\.js$/],
    calls: () => ['/api/Fundraisers/ListActiveStates?itemId=0'],
    read: true,
    shown: (page: Page) => page.getByRole('link', { name: 'Texas' }),
  },
  {
    name: '/Order/1/0/0',
    pathOf: at('/Order/1/0/0'),
    remote: 'ordering' as const,
    // The order page's own chunk too: the App would otherwise fetch it only once it runs.
    chunks: [/__federation_expose_App\.[0-9a-f]{8}\.js$/, /__federation_expose_OrderPage\.[0-9a-f]{8}\.js$/],
    calls: () => ['/api/Fundraisers/GetFundraiserDetails?fundraiserId=1'],
    read: true,
    shown: (page: Page) => page.getByRole('heading', { level: 1 }),
  },
  {
    name: '/Fundraiser/{guid}',
    pathOf: at(`/Fundraiser/${DEVICE}`),
    remote: 'fundraiser' as const,
    chunks: [/__federation_expose_App\.[0-9a-f]{8}\.js$/],
    calls: () => [`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${DEVICE}`, `/api/Orders/GetQRCode?fdid=${DEVICE}`],
    read: true,
    shown: (page: Page) => page.getByTestId('orders-summary'),
  },
  {
    // The order opens only for the browser that made it: the preload carries its key as the page's call does.
    name: '/Checkout/{orderId}',
    pathOf: async (request: APIRequestContext) => `/Checkout/${await unpaidCardOrder(request)}`,
    remote: 'checkout' as const,
    chunks: [/__federation_expose_App\.[0-9a-f]{8}\.js$/],
    calls: (path: string) => [`/api/Orders/GetOrder?orderId=${path.split('/')[2]}`],
    read: true,
    shown: (page: Page) => page.getByRole('button', { name: 'Submit' }),
  },
  {
    name: '/MyOffers/{guid}',
    pathOf: at(`/MyOffers/${WALLET}`),
    remote: 'tickets' as const,
    chunks: [/__federation_expose_App\.[0-9a-f]{8}\.js$/],
    // The sample's three (status, session, offers): read for anyone, as a holder's are for its device.
    calls: () => [
      `/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${WALLET}`,
      `/api/Tickets/GetSession?ticketPurchaseSessionGuid=${WALLET}`,
      `/api/Tickets/GetOffers?ticketPurchaseSessionGuid=${WALLET}`,
    ],
    read: true,
    shown: (page: Page) => page.locator('#root').getByTestId('offer'),
  },
] satisfies {
  name: string;
  pathOf: PathOf;
  remote: keyof typeof ports;
  chunks: RegExp[];
  calls: (path: string) => string[];
  /** Whether the server reads the first calls for the page (its table's serverReads). */
  read: boolean;
  shown: (page: Page) => Locator;
}[]) {
  test(`${name}: served with its config, hints and first calls' answers, each hinted file fetched once`, async ({
    page,
  }) => {
    // The page's own request context: its cookies are the page's (a checkout's browser key).
    const { request } = page;
    const path = await pathOf(request);
    const served = await servedHtml(page, request, path);
    expect(served.config).toEqual(await (await request.get('/runtime-config.json')).json());
    // No inline executable script: main.js from our origin and the JSON data block.
    for (const script of served.scripts) expect(script).toMatch(/^(application\/json|\/main\.js\?\w+)$/);

    const entry = `${origin(ports[remote])}/remoteEntry.js`;
    const hinted = (test: (hint: Hint) => boolean) => served.hints.filter(test).map((hint) => hint.href);
    expect(hinted((hint) => hint.rel === 'preconnect')).toContain(`${origin(ports[remote])}/`);
    // The entry is preloaded as the federation runtime loads it: a plain script, no crossorigin.
    expect(served.hints).toContainEqual({ rel: 'preload', as: 'script', href: entry, crossorigin: null });
    const chunkHints = hinted((hint) => hint.as === 'script' && hint.crossorigin === 'anonymous');
    for (const chunk of chunks) expect(chunkHints.filter((href) => chunk.test(href))).toHaveLength(1);
    // The first calls the server read are answered in the page, not preloaded: the page never makes them.
    const answered = Object.keys(served.answers).map(api);
    const asked = calls(path).map(api);
    expect(answered).toEqual(read ? asked : []);
    expect(hinted((hint) => hint.as === 'fetch' && hint.crossorigin === 'anonymous')).toEqual(read ? [] : asked);

    const seen = await watch(page);
    await page.goto(path);
    await expect(shown(page).first()).toBeVisible();
    for (const url of [entry, ...chunkHints, ...(read ? [] : asked)]) {
      expect(seen.count(url), `${url} fetched once (the preload used)`).toBe(1);
    }
    for (const url of answered) expect(seen.count(url), `${url} answered in the page, not asked again`).toBe(0);
    expect(seen.urls().filter((url) => url.includes('/runtime-config.json'))).toEqual([]);
    expect(await seen.violations()).toEqual([]);
  });
}

/** The Open Graph and Twitter tags of the page as served: what a link preview shows. */
async function previewTags(page: Page, request: APIRequestContext, path: string): Promise<Record<string, string>> {
  const html = await (await request.get(path)).text();
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const tags: Record<string, string> = { title: doc.title };
    for (const meta of Array.from(doc.querySelectorAll('meta[property], meta[name]'))) {
      const key = meta.getAttribute('property') ?? meta.getAttribute('name') ?? '';
      if (/^(description|og:|twitter:)/.test(key)) tags[key] = meta.getAttribute('content') ?? '';
    }
    return tags;
  }, html);
}

const SOCIAL = '77777777-7777-4777-8777-777777777777';

test("an order link's preview names its team, school and picture; a student's share link names the student", async ({
  page,
  request,
}) => {
  // Another spec may upload a new logo for team 1: read the team as it is now.
  const team = (await (await request.get('/api/Fundraisers/GetFundraiserDetails?fundraiserId=1')).json()) as {
    teamName: string;
    schoolName: string;
    teamPhotoUrl: string | null;
  };
  const tags = await previewTags(page, request, '/Order/1/0/0');
  expect(tags['og:title']).toBe(`Support ${team.teamName} at ${team.schoolName}`);
  expect(tags.title).toBe(`Support ${team.teamName} at ${team.schoolName} | Fundraising University`);
  expect(tags['og:url']).toBe(api('/Order/1/0/0'));
  // Crawlers skip SVG: the team's logo when it is a picture they show, else a PNG of ours.
  const logo = team.teamPhotoUrl && new URL(team.teamPhotoUrl, api('/')).href;
  if (logo && !logo.endsWith('.svg')) expect(tags['og:image']).toBe(logo);
  else expect(tags['og:image']).toMatch(/\.(png|jpe?g|gif|webp)(\?|$)/);
  const image = await request.get(tags['og:image']!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\/(png|jpeg|gif|webp)$/);
  expect(tags['twitter:image']).toBe(tags['og:image']);

  const { goalPerStudentCents } = (await (await request.get('/api/Fundraisers/GetProgress?fundraiserId=1')).json()) as {
    goalPerStudentCents: number;
  };
  const goal = (goalPerStudentCents / 100)
    .toLocaleString('en-US', { style: 'currency', currency: 'USD' })
    .replace(/\.00$/, '');
  const share = await previewTags(page, request, `/Order/Social/${SOCIAL}`);
  expect(share['og:title']).toBe(`Help Jordan R. reach ${goal} for ${team.teamName}`);
  expect(Object.values(share).join(' ')).not.toContain('Rivera');

  // The site's own pages: its name and description, and its picture.
  const start = await previewTags(page, request, '/');
  expect(start['og:title']).toBe('Fundraising University');
  expect(start['og:image']).toBe(api('/images/link-preview.png'));
  expect((await request.get(start['og:image']!)).headers()['content-type']).toBe('image/png');
});

// Issue 20 item 4: the served HTML already shows the page (chrome, heading, first content); the app
// takes it over in place (e2e/tests/hydration.spec.ts).

/** A phone-sized page whose scripts never run: what shows is the served HTML alone. */
async function pageWithoutScripts(browser: Browser) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  return { page: await context.newPage(), close: () => context.close() };
}

test('without JavaScript, / shows its heading and the states as links that lead on; axe finds nothing', async ({
  browser,
}) => {
  const { page, close } = await pageWithoutScripts(browser);
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: "Select Fundraiser's State" })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Fundraising University home' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Help & Support' })).toBeVisible();
    const states = page.getByRole('list', { name: 'States' }).getByRole('link');
    await expect(states).toHaveText(['Georgia', 'Ohio', 'Texas']);
    await expect(page.locator('input, select, textarea, button')).toHaveCount(0);

    await states.filter({ hasText: 'Texas' }).click();
    await expect(page).toHaveURL(/\/SelectSchool\/Texas\/0\/0$/);
  } finally {
    await close();
  }
  await expectServedPageAccessible(browser, '/');
});

test('without JavaScript, an order link shows its team header and heading; axe finds nothing', async ({
  browser,
  request,
}) => {
  const team = (await (await request.get('/api/Fundraisers/GetFundraiserDetails?fundraiserId=1')).json()) as {
    teamName: string;
    schoolName: string;
  };
  const { page, close } = await pageWithoutScripts(browser);
  try {
    await page.goto('/Order/1/0/0');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(team.teamName);
    await expect(main.locator('header')).toContainText(team.schoolName);
    // The order pages show the team's header, not the site's.
    await expect(page.getByRole('link', { name: 'Fundraising University home' })).toHaveCount(0);
    // A student's share link names the student in its answer, which the served page never carries.
    await page.goto(`/Order/Social/${SOCIAL}`);
    expect(await page.content()).not.toContain('Rivera');
  } finally {
    await close();
  }
  await expectServedPageAccessible(browser, '/Order/1/0/0');
});
