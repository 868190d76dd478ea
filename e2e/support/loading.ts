import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What the site shows while something loads: the spinner (shared/src/ui/Spinner.tsx, a status
 * whose text is "Loading…"; the ticket purchases page has a status line with the same text) and the
 * placeholders that hold a block's place until its data arrives, marked aria-busy
 * (shared/src/ui/ProgressBar.tsx: ProgressBarPlaceholder). React replaces each of them with the
 * loaded content, so a one-shot read of the page (a bounding box, axe-core, the touch-target scan)
 * taken while one is on screen reads a state that is about to go.
 */
export const loadingIndicators = (page: Page): Locator =>
  page.locator('[aria-busy="true"]').or(page.getByRole('status').filter({ hasText: /^Loading…$/ }));

/** Waits until no spinner or loading placeholder is left on the page. */
export async function waitForLoaded(page: Page) {
  await expect(loadingIndicators(page), 'spinners and loading placeholders left on the page').toHaveCount(0);
}
