// The bench's one wait for the app: every `ready` (index.ts's pages, pageWeight.ts's settle,
// orderRender.ts's ready, firstScreen.ts's first usable control) goes through here. A page the
// server rendered shows its text before any script has run, so a selector for its text matches
// before React has hydrated it; the app runs it only once React holds the layout's frame, the check
// the e2e specs make (e2e/support/appRunningCheck.ts).
import type { Page } from 'playwright-core';
import { appRunning } from '../../e2e/support/appRunningCheck';

/** The check as a function expression, for a script of the bench's that runs in the page. */
export const APP_RUNNING_SOURCE = `(${appRunning.toString()})`;

/**
 * Resolves once the app runs the page. Checked in the page, each time its main thread is idle, so the
 * wait adds no work of its own to a load being measured (Playwright's polling would).
 */
export async function waitForAppRunning(page: Page, { timeoutMs = 60_000 } = {}): Promise<void> {
  await page.evaluate(`(async () => {
    const running = ${APP_RUNNING_SOURCE};
    const deadline = performance.now() + ${timeoutMs};
    while (!running()) {
      if (performance.now() > deadline) throw new Error('the app did not run the page within ${timeoutMs / 1000} s');
      await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 }));
    }
  })()`);
}
