import { expect, type Page } from '@playwright/test';

/**
 * The app runs on the page: React has taken over #root's content (a page the server rendered is
 * hydrated in place; one it did not, drawn). React's nodes carry its own properties.
 */
export async function expectAppRunning(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const first = document.getElementById('root')?.firstElementChild;
        return first ? Object.keys(first).some((key) => key.startsWith('__reactFiber')) : false;
      }),
    )
    .toBe(true);
}
