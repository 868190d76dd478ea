import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';
import { waitForAppRunning } from './appRunning';

export interface BenchPage {
  label: string;
  path: string;
  /**
   * A selector that is on screen once the page shows its content. A served page shows it before the
   * app runs, so the page is ready when this matches and the app runs it (waitForAppRunning).
   */
  ready: string;
}

/** What a page's scripts weigh: gzipped here, and as the servers actually sent them. */
export interface ScriptBytes {
  scripts: number;
  gzipBytes: number;
  /** Bytes on the wire: each response's body as encoded by its server (br, gzip or none) plus its headers. */
  wireBytes: number;
  /** Scripts fetched from another origin than the page's (the remotes' servers). */
  otherOrigins: number;
}

export interface PageWeight extends BenchPage, ScriptBytes {
  /** Loaded once on a page, every remote using it: the scripts that carry the federation runtime core. */
  runtimeCopies: number;
  /** Each federated shared library and how many copies of it were loaded. */
  sharedCopies: Record<string, number>;
}

export interface RouteStep extends BenchPage {
  /** JS fetched when the supporter moves here from '/' inside the app. */
  added: ScriptBytes;
}

// Only the runtime core names its lifecycle hooks; a remote built on the shell's runtime reaches the
// core through a global instead. (A class name such as SharedHandler does not survive minifying the
// core's ES build.)
const RUNTIME_CORE_MARKER = 'beforeInitContainer';

function scriptRecorder(page: Page, baseURL: string) {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  const origin = new URL(baseURL).origin;
  return {
    count: () => responses.length,
    /** The scripts loaded since the last drain, and their bodies (what the page ran). */
    async drain(): Promise<{ bytes: ScriptBytes; bodies: Buffer[] }> {
      const taken = responses.splice(0);
      const bodies = await Promise.all(taken.map((response) => response.body()));
      const sizes = await Promise.all(taken.map((response) => response.request().sizes()));
      const bytes = {
        scripts: taken.length,
        gzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
        wireBytes: sizes.reduce((sum, size) => sum + size.responseBodySize + size.responseHeadersSize, 0),
        otherOrigins: taken.filter((response) => new URL(response.url()).origin !== origin).length,
      };
      return { bytes, bodies };
    },
  };
}

/** Waits for the page's content with the app running it, then for a quiet second with no new script. */
async function settle(page: Page, ready: string, scriptsSeen: () => number) {
  await page.waitForSelector(ready);
  await waitForAppRunning(page);
  let seen = -1;
  while (seen !== scriptsSeen()) {
    seen = scriptsSeen();
    await page.waitForTimeout(1000);
  }
}

async function sharedCopies(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    type Entry = { loaded?: boolean; from: string };
    const federation = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, unknown> } })
      .__FEDERATION__;
    const share = (federation?.__SHARE__ ?? {}) as Record<
      string,
      Record<string, Record<string, Record<string, Entry>>>
    >;
    const copies: Record<string, Set<string>> = {};
    for (const scope of Object.values(share)) {
      for (const [name, versions] of Object.entries(scope.default ?? {})) {
        copies[name] ??= new Set();
        for (const [version, entry] of Object.entries(versions)) {
          if (entry.loaded) copies[name].add(`${entry.from}@${version}`);
        }
      }
    }
    return Object.fromEntries(Object.entries(copies).map(([name, set]) => [name, set.size]));
  });
}

/**
 * Opens each page in a fresh Chromium context (cold cache) and sums the gzip and wire size of every
 * script it loaded; then, from a cold '/', moves to each further page inside the app (history navigation, as a
 * link does) and sums only the scripts that move fetched.
 */
export async function measurePages(
  baseURL: string,
  pages: BenchPage[],
  options: { locale?: string } = {},
): Promise<{ firstLoads: PageWeight[]; steps: RouteStep[] }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const start = pages.find((p) => p.path === '/');
  // No service worker: it precaches after load, and a later step would read its cache, not the network.
  // `locale`: the browser's language (its Accept-Language and navigator.languages), as a reader's phone sends it.
  const fresh = () =>
    browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block', locale: options.locale });
  try {
    const firstLoads: PageWeight[] = [];
    for (const target of pages) {
      const context = await fresh();
      const page = await context.newPage();
      const recorder = scriptRecorder(page, baseURL);
      await page.goto(`${baseURL}${target.path}`);
      await settle(page, target.ready, recorder.count);
      const { bytes, bodies } = await recorder.drain();
      firstLoads.push({
        ...target,
        ...bytes,
        runtimeCopies: bodies.filter((body) => body.includes(RUNTIME_CORE_MARKER)).length,
        sharedCopies: await sharedCopies(page),
      });
      await context.close();
    }

    const steps: RouteStep[] = [];
    for (const target of start ? pages.filter((p) => p !== start) : []) {
      const context = await fresh();
      const page = await context.newPage();
      const recorder = scriptRecorder(page, baseURL);
      await page.goto(`${baseURL}/`);
      await settle(page, start!.ready, recorder.count);
      await recorder.drain();
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, target.path);
      await settle(page, target.ready, recorder.count);
      steps.push({ ...target, added: (await recorder.drain()).bytes });
      await context.close();
    }
    return { firstLoads, steps };
  } finally {
    await browser.close();
  }
}
