import { expect, type Page } from '@playwright/test';
import { appRunning } from './appRunningCheck';

/** Waits until the app runs the page (appRunningCheck.ts says what that is). */
export async function expectAppRunning(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(appRunning)).toBe(true);
}
