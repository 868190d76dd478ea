import path from 'node:path';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { expect, test, type Browser } from '@playwright/test';
import { remotes } from '@fu/shared/remotes';
import { expectAppRunning } from '../support/appRunning';
import { withoutScripts } from '../support/firstPaint';
import { holdScript, reactHolds } from '../support/heldScripts';
import { portEnv, startApi, waitFor, type Server } from '../../scripts/stack.cjs';
import {
  alteredRelease,
  backToConfiguredBuilds,
  baseline,
  baselineDir,
  entriesLoaded,
  mainJourneys,
  refusedBy,
  registry,
  releasesOf,
  releaseToday,
} from '../support/releases';
import { unpaidCardOrder } from '../support/orders';
import { ports, root, stackEnv } from '../support/stack';

// Issue 21: each team releases, canaries and rolls back its own remote while the site stays up
// (docs/releasing.md). Everything here goes through the project's own commands against the running
// stack, which is never restarted; each test leaves every remote on its configured build.

const checkoutPort = String(ports.checkout);
const NEW = 'e2e-2.0.0-new';
const CANARY = 'e2e-2.1.0-canary';
const NEEDS_NEWER_SHARED = 'e2e-3.0.0-newer-shared';
const MISMATCHED = 'e2e-3.1.0-mismatched';
const TICKETS = 'e2e-4.0.0-tickets';
const SAMPLE_WALLET = 'a1a1a1a1-0000-4000-8000-000000000001';
const ORDERING = 'e2e-5.0.0-ordering';
const REWORDED = 'e2e-5.1.0-reworded';
/** The state list's heading (remote-ordering SelectStatePage), and the one a reworded release gives it. */
const STATE_HEADING = "Select Fundraiser's State";
const REWORDED_HEADING = 'Where Is Your Fundraiser?';

/** What the server alone shows at `path` (scripts off, so no app draws anything): #root's heading, and the releases it named. */
async function servedWithoutScripts(browser: Browser, path: string) {
  return withoutScripts(browser, async (page) => {
    await page.goto(path);
    return {
      heading: await page.locator('#root').getByRole('heading', { level: 1 }).textContent(),
      releases: await releasesOf(page),
    };
  });
}

test.describe('releases (issue 21)', () => {
  test.beforeAll(() => {
    releaseToday('checkout', NEW);
    releaseToday('checkout', CANARY);
  });
  // Whatever a test promoted, the next one (and the rest of the suite) starts on the configured builds.
  test.afterEach(() => backToConfiguredBuilds());

  test('a promoted checkout release is what the next page load gets, and a rollback takes it back the same way', async ({
    page,
  }) => {
    const orderId = await unpaidCardOrder(page.request);
    const loaded = entriesLoaded(page);

    expect(registry('promote', 'checkout', NEW)).toContain(`checkout: live ${NEW}`);
    await page.goto(`/Checkout/${orderId}`);
    await expect(page.getByRole('button', { name: /^Submit payment of / })).toBeVisible();
    expect(await releasesOf(page)).toMatchObject({ checkout: NEW });
    expect(loaded).toEqual([`${checkoutPort} /releases/${NEW}/remoteEntry.js`]);
    // The page's hints follow the release: its entry at once, its chunks once its manifest is read.
    const served = async () => (await page.request.get(`/Checkout/${orderId}`)).text();
    const releaseFolder = `http://localhost:${checkoutPort}/releases/${NEW}/`;
    expect(await served()).toContain(`<link rel="preload" as="script" href="${releaseFolder}remoteEntry.js">`);
    await expect.poll(served).toMatch(new RegExp(`href="${releaseFolder}__federation_expose_App\\.[0-9a-f]{8}\\.js"`));

    expect(registry('rollback', 'checkout')).toContain('checkout: live configured build');
    await page.goto(`/Checkout/${orderId}`);
    await expect(page.getByRole('button', { name: /^Submit payment of / })).toBeVisible();
    expect(await releasesOf(page)).toMatchObject({ checkout: 'unreleased' });
    expect(loaded.at(-1)).toBe(`${checkoutPort} /remoteEntry.js`);
    expect(registry('list')).toMatch(new RegExp(`rollback\\s+by e2e[\\s\\S]*promote ${NEW}\\s+by e2e`));
  });

  test('a canary at 50% shows both releases across new browsers, and each browser keeps its own', async ({
    browser,
  }) => {
    registry('promote', 'checkout', NEW);
    registry('promote', 'checkout', CANARY, '--share', '50');
    const seen = new Map<string, number>();
    // Each new browser has one chance in two; 40 of them all on one side would be 1 in 2^39.
    for (let index = 0; index < 40 && seen.size < 2; index++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const loaded = entriesLoaded(page);
      await page.goto('/Receipts');
      await expectAppRunning(page);
      const version = (await releasesOf(page)).checkout!;
      expect([NEW, CANARY]).toContain(version);
      expect(loaded).toEqual([`${checkoutPort} /releases/${version}/remoteEntry.js`]);
      // The same browser, again: the same release.
      for (let again = 0; again < 2; again++) {
        await page.reload();
        await expectAppRunning(page);
        expect((await releasesOf(page)).checkout).toBe(version);
      }
      expect(new Set(loaded)).toEqual(new Set([`${checkoutPort} /releases/${version}/remoteEntry.js`]));
      seen.set(version, (seen.get(version) ?? 0) + 1);
      await context.close();
    }
    expect([...seen.keys()].sort()).toEqual([NEW, CANARY].sort());
  });

  test('a release needing a newer @fu/shared than the live shell provides is refused, saying so', () => {
    const shared = JSON.parse(readFileSync(path.join(root, 'shared', 'package.json'), 'utf8')) as { version: string };
    const [major, minor] = shared.version.split('.').map(Number);
    const needs = `^${major}.${minor! + 1}.0`;
    alteredRelease('checkout', NEW, NEEDS_NEWER_SHARED, {
      manifest: (manifest) => void (manifest.requires['@fu/shared'] = needs),
    });
    expect(refusedBy('promote', 'checkout', NEEDS_NEWER_SHARED)).toBe(
      `Refused (409): checkout ${NEEDS_NEWER_SHARED} needs @fu/shared ${needs}, but the live shell provides ${shared.version}.`,
    );
    expect(registry('list')).toContain('checkout: live configured build');
  });

  test('a remote the shell cannot run anyway shows its Retry fallback, and the error is reported with its release', async ({
    page,
  }) => {
    // Its release.json claims what the shell has; its code requires a React no shell provides.
    alteredRelease('checkout', NEW, MISMATCHED, {
      entry: (code) => code.replaceAll(/requiredVersion:"\^19\.[^"]*"/g, 'requiredVersion:"^99.0.0"'),
    });
    registry('promote', 'checkout', MISMATCHED);
    const reports: { message: string; remote?: string; version?: string }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/Logger/Log')) reports.push(request.postDataJSON());
    });
    await page.goto('/Receipts');
    await expect(page.locator('[data-remote-fallback="checkout"]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The rest of the site still works: the header's link home.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect
      .poll(() => reports.find((report) => report.remote === 'checkout'))
      .toMatchObject({ remote: 'checkout', version: MISMATCHED, message: expect.stringContaining('^99.0.0') });
  });

  test('a release whose first screen changed is served and hydrated on the next page load after its promotion, with no server deploy, and the earlier one after a rollback', async ({
    browser,
    page,
  }) => {
    // Today's ordering remote, its state list's heading reworded in its server build and its
    // browser chunks alike (what a new build of a changed page would be): the app then takes over
    // the heading the server rendered from the release, rather than drawing another.
    releaseToday('ordering', ORDERING);
    alteredRelease('ordering', ORDERING, REWORDED, {
      code: (code) => code.replaceAll(STATE_HEADING, REWORDED_HEADING),
    });

    // Deployed beside the configured build, not yet live: the server renders what it did.
    expect(await servedWithoutScripts(browser, '/')).toEqual({
      heading: STATE_HEADING,
      releases: expect.objectContaining({ ordering: 'unreleased' }),
    });

    expect(registry('promote', 'ordering', REWORDED)).toContain(`ordering: live ${REWORDED}`);
    // The very next page: the server renders the release's heading (scripts off: only it could).
    expect(await servedWithoutScripts(browser, '/')).toEqual({
      heading: REWORDED_HEADING,
      releases: expect.objectContaining({ ordering: REWORDED }),
    });

    // In a browser: the served heading, then the release's app takes that same element over.
    const entry = `http://localhost:${ports.ordering}/releases/${REWORDED}/remoteEntry.js`;
    const loaded = entriesLoaded(page);
    const startApp = await holdScript(page, entry);
    await page.goto('/');
    const heading = page.locator('#root').getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(REWORDED_HEADING);
    const served = await heading.elementHandle();
    expect(await reactHolds(heading)).toBe(false);
    startApp();
    await expectAppRunning(page);
    await expect.poll(() => reactHolds(heading)).toBe(true);
    expect(await heading.evaluate((element, kept) => element === kept, served), 'the served heading is kept').toBe(
      true,
    );
    await expect(heading).toHaveText(REWORDED_HEADING);
    await expect(page.locator('#root').getByRole('link', { name: 'Texas' })).toBeVisible();
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
    expect(loaded).toEqual([`${ports.ordering} /releases/${REWORDED}/remoteEntry.js`]);

    // Rolled back (afterEach rolls back too, should this test stop earlier): the earlier heading again.
    expect(registry('rollback', 'ordering')).toContain('ordering: live configured build');
    expect(await servedWithoutScripts(browser, '/')).toEqual({
      heading: STATE_HEADING,
      releases: expect.objectContaining({ ordering: 'unreleased' }),
    });
  });

  test(`the baseline release of every remote (${baseline.commit.slice(0, 7)}) works in today's shell`, async ({
    page,
  }) => {
    const loaded = entriesLoaded(page);
    for (const remote of remotes) registry('promote', remote.name, baseline.remotes[remote.name]);
    await mainJourneys(page);
    const expected = remotes.map(
      (remote) => `${ports[remote.name]} /releases/${baseline.remotes[remote.name]}/remoteEntry.js`,
    );
    expect(new Set(loaded)).toEqual(new Set(expected));
  });

  test.describe('the offline wallet', () => {
    test.use({ serviceWorkers: 'allow' });

    test('opens with no network on the tickets release the page was served, promoted after its worker installed', async ({
      page,
      context,
    }) => {
      // The worker installs on a page that loads no tickets code, with no release live.
      await page.goto('/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      releaseToday('tickets', TICKETS);
      registry('promote', 'tickets', TICKETS);
      const loaded = entriesLoaded(page);
      await page.goto(`/MyOffers/${SAMPLE_WALLET}`);
      await expect(page.locator('#root').getByRole('heading', { name: 'Offers' })).toBeVisible();
      expect(loaded).toContain(`${ports.tickets} /releases/${TICKETS}/remoteEntry.js`);
      // The worker stores a remote's script after answering with it: offline only once every
      // tickets script this page ran is stored (going offline sooner lost a chunk once in CI).
      await page.waitForFunction(async (port) => {
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).port === String(port) && entry.name.endsWith('.js'))
          .map((entry) => entry.name);
        const stored = await Promise.all(scripts.map((url) => caches.match(url)));
        return scripts.length > 0 && stored.every(Boolean);
      }, ports.tickets);

      await context.setOffline(true);
      await page.reload();
      await expect(page.locator('#root').getByRole('heading', { name: 'Offers' })).toBeVisible();
      await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
      await context.setOffline(false);
    });
  });

  test.describe("today's remotes in the baseline shell", () => {
    let api: Server;
    const port = ports.api + 50;
    const origin = `http://localhost:${port}`;

    test.beforeAll(async () => {
      // Its wait for the API below, not the hook's default (a test's 60 s), is what bounds a slow start.
      test.setTimeout(150_000);
      // A second API instance serving the baseline's shell (its own database), beside today's remotes.
      api = startApi({
        port,
        env: {
          ...stackEnv(),
          ...portEnv(ports),
          SHELL_DIST: path.join(baselineDir, 'shell'),
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fu-e2e-baseline-')),
          PUBLIC_URL: origin,
        },
        output: 'stderr',
      });
      await waitFor(`${origin}/api/ready`, { server: api, timeoutMs: 120_000 });
    });
    test.afterAll(async () => {
      await api?.stop();
    });

    test('work through each main journey', async ({ page }) => {
      const loaded = entriesLoaded(page);
      const baselinePage = readFileSync(path.join(baselineDir, 'shell', 'index.html'), 'utf8');
      const baselineMain = /main\.js\?[\w]+/.exec(baselinePage)![0];
      const served = await (await page.request.get(`${origin}/`)).text();
      expect(served, "the baseline shell's page is served").toContain(baselineMain);
      await mainJourneys(page, origin);
      const expected = remotes.map((remote) => `${ports[remote.name]} /remoteEntry.js`);
      expect(new Set(loaded)).toEqual(new Set(expected));
    });
  });
});
