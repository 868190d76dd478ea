import { expect, test, type Page } from '@playwright/test';
import { expectReflow } from '../support/a11y';
import { pages, routeMatches } from '../support/a11ySweep';
import { expectAppRunning } from '../support/appRunning';
import { startCatalogSweep, wordsOutsideCatalogs } from '../support/catalogSweep';

// Issue 35's pseudo-locale sweep: every declared route (each row of the accessibility sweep that
// only loads a page: its steps find controls by their English names) drawn with every catalog message
// accented and a third longer (shared/src/i18n/translate.ts `pseudo`: "Pay" is "⟦Þáý ·⟧"). A word
// left in plain letters, beyond the page's data, is text that bypassed the catalogs; the longer
// words must still fit a 320 px screen without sideways scroll (WCAG 1.4.10).

/** The page once the app runs it (a served page is drawn again in the pseudo-locale) and nothing loads. */
async function settled(page: Page) {
  await expectAppRunning(page);
  await expect(page.locator('#root h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [data-spinner]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // The page is drawn in the pseudo-locale (a served page is English until the app draws it again).
  await expect(page.locator('#root')).toContainText('⟦');
}

test.describe('pseudo-locale: every route draws its words from the catalogs, and longer words still fit', () => {
  for (const { name, route, url, before } of pages.filter((row) => !row.then && !row.loadsLater)) {
    test(`${name} (${route})`, async ({ page }) => {
      const data = await startCatalogSweep(page);
      await page.addInitScript(() => {
        globalThis.__FU_PSEUDO_LOCALE__ = true;
      });
      await before?.(page);
      await page.goto(typeof url === 'string' ? url : await url(page.request));
      await settled(page);
      expect(routeMatches(route, new URL(page.url()).pathname)).toBe(true);
      expect(await wordsOutsideCatalogs(page, data())).toEqual([]);
      await expectReflow(page);
    });
  }
});
