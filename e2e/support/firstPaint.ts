import { expect, type Browser, type Cookie, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { baseURL } from './stack';

/**
 * axe on the page as served: axe runs as a script, so here the page's own script (main.js) is
 * refused instead of all JavaScript. `cookies`: the browser's (a checkout paints its order for its own).
 */
export async function expectServedPageAccessible(browser: Browser, path: string, cookies: Cookie[] = []) {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  await context.addCookies(cookies);
  try {
    const page = await context.newPage();
    await page.route(/\/main\.js(\?|$)/, (route) => route.abort());
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
}

/**
 * A phone-sized page whose scripts never run, with `cookies`: what `check` finds is the served HTML
 * alone, and what it returns is returned.
 */
export async function withoutScripts<T>(
  browser: Browser,
  check: (page: Page) => Promise<T>,
  cookies: Cookie[] = [],
): Promise<T> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  await context.addCookies(cookies);
  try {
    return await check(await context.newPage());
  } finally {
    await context.close();
  }
}
