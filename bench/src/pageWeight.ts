import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';

export interface BenchPage {
  label: string;
  path: string;
  /** A selector that is on screen once the page has rendered its content. */
  ready: string;
}

export interface PageWeight extends BenchPage {
  scripts: number;
  gzipBytes: number;
  /** Loaded once on a page, every remote using it: the scripts that carry the federation runtime core. */
  runtimeCopies: number;
  /** Each federated shared library and how many copies of it were loaded. */
  sharedCopies: Record<string, number>;
}

export interface RouteStep extends BenchPage {
  /** JS fetched when the supporter moves here from '/' inside the app, gzip bytes. */
  newGzipBytes: number;
  newScripts: number;
}

// Only the runtime core names its lifecycle hooks; a remote built on the shell's runtime reaches the
// core through a global instead. (A class name such as SharedHandler does not survive minifying the
// core's ES build.)
const RUNTIME_CORE_MARKER = 'beforeInitContainer';

function scriptRecorder(page: Page) {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  return {
    count: () => responses.length,
    async drain() {
      const taken = responses.splice(0);
      const bodies = await Promise.all(taken.map((response) => response.body()));
      return bodies;
    },
  };
}

/** Waits for the page's content, then for a quiet second with no new script. */
async function settle(page: Page, ready: string, scriptsSeen: () => number) {
  await page.waitForSelector(ready);
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
 * Opens each page in a fresh Chromium context (cold cache) and sums the gzip size of every script it
 * loaded; then, from a cold '/', moves to each further page inside the app (history navigation, as a
 * link does) and sums only the scripts that move fetched.
 */
export async function measurePages(
  baseURL: string,
  pages: BenchPage[],
): Promise<{ firstLoads: PageWeight[]; steps: RouteStep[] }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const start = pages.find((p) => p.path === '/');
  try {
    const firstLoads: PageWeight[] = [];
    for (const target of pages) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const recorder = scriptRecorder(page);
      await page.goto(`${baseURL}${target.path}`);
      await settle(page, target.ready, recorder.count);
      const bodies = await recorder.drain();
      firstLoads.push({
        ...target,
        scripts: bodies.length,
        gzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
        runtimeCopies: bodies.filter((body) => body.includes(RUNTIME_CORE_MARKER)).length,
        sharedCopies: await sharedCopies(page),
      });
      await context.close();
    }

    const steps: RouteStep[] = [];
    for (const target of start ? pages.filter((p) => p !== start) : []) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const recorder = scriptRecorder(page);
      await page.goto(`${baseURL}/`);
      await settle(page, start!.ready, recorder.count);
      await recorder.drain();
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, target.path);
      await settle(page, target.ready, recorder.count);
      const bodies = await recorder.drain();
      steps.push({
        ...target,
        newScripts: bodies.length,
        newGzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
      });
      await context.close();
    }
    return { firstLoads, steps };
  } finally {
    await browser.close();
  }
}
