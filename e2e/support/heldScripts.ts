import { expect, type Locator, type Page } from '@playwright/test';
import { remoteEntry, type RemoteName } from './stack';

/** Holds the script at `url` until the returned function is called: the served page is what shows meanwhile. */
export async function holdScript(page: Page, url: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Holds a remote's configured entry until released. */
export const holdRemote = (page: Page, remote: RemoteName) => holdScript(page, remoteEntry(remote));

/** React has taken the element over: it carries React's own properties (a hydrated node does; a served one not yet). */
export const reactHolds = (locator: Locator) =>
  locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));

/**
 * Clicks a server-rendered link once React holds it. Clicked before, the browser follows it itself: a
 * full page load, a new visit, where what a client-side navigation does (focus on the new page's
 * heading) does not apply.
 */
export async function clickOnceRunning(link: Locator) {
  await expect.poll(() => reactHolds(link)).toBe(true);
  await link.click();
}
