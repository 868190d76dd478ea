import { expect, type Page } from '@playwright/test';

/**
 * The app runs the page: React has taken over the layout's frame in #root (a page the server
 * rendered is hydrated in place, one it did not is drawn). React's nodes carry its own properties.
 * The frame, not #root's first child: React's render puts an image's preload `<link>` before it.
 */
export async function expectAppRunning(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const frame = document.querySelector('#root > .fp-frame');
        return frame ? Object.keys(frame).some((key) => key.startsWith('__reactFiber')) : false;
      }),
    )
    .toBe(true);
}
