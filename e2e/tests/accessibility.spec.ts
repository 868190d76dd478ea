import { expect, test, type Page } from '@playwright/test';
import {
  expectFieldEdges,
  expectNoAxeViolations,
  expectPageTitle,
  expectReflow,
  expectTextSpacing,
  expectTouchTargets,
} from '../support/a11y';
import { journeys, pages, routeMatches } from '../support/a11ySweep';
import { startCatalogSweep, wordsOutsideCatalogs } from '../support/catalogSweep';
import { waitForLoaded } from '../support/loading';

// Every declared route, in each state worth seeing: the table is support/a11ySweep.ts, which a fast
// test (support/a11ySweep.test.ts) holds to the remotes' page tables and the shell's routes. On each
// page, axe-core's WCAG 2.2 A/AA rules plus its structural ones find nothing, every visible target is
// at least 44×44 CSS px, and the checks axe-core does not make that docs/accessibility.md counts as
// automated: the tab's title (2.4.2), form fields' edges (1.4.11), no sideways scroll at 320 CSS px
// (1.4.10) nor with the user's text spacing, and no text cut off by it (1.4.12). And issue 35's
// sweep: every word on the page came from a catalog message or the page's data (support/catalogSweep.ts).

/** The checks, on the page as it is now, which must be the page of `route`. */
async function checkPage(page: Page, route: string, data: () => string[]) {
  const { pathname } = new URL(page.url());
  expect(routeMatches(route, pathname), `${pathname} is a page of ${route}`).toBe(true);
  await test.step('axe-core finds no violations', () => expectNoAxeViolations(page));
  await test.step('every target is at least 44×44 CSS px', () => expectTouchTargets(page));
  await test.step('the title names the page', () => expectPageTitle(page));
  await test.step("form fields' edges show at 3:1", () => expectFieldEdges(page));
  await test.step('no sideways scroll at 320 CSS px', () => expectReflow(page));
  await test.step('text spacing cuts nothing off', () => expectTextSpacing(page));
  await test.step('every word came from a catalog or the data', async () =>
    expect(await wordsOutsideCatalogs(page, data())).toEqual([]));
}

test.describe('accessibility on every route: axe-core (WCAG 2.2 A/AA), 44 px targets and the checks axe does not make', () => {
  for (const { name, route, url, ready, loadsLater, before, then } of pages) {
    test(`${name} (${route})`, async ({ page }) => {
      const data = await startCatalogSweep(page);
      await before?.(page);
      await page.goto(typeof url === 'string' ? url : await url(page.request));
      await ready(page).waitFor({ timeout: 30_000 });
      // The checks read the page once: on the page as loaded, never on a spinner or placeholder
      // that React is about to replace, nor before a part that loads on its own has arrived.
      await loadsLater?.(page).waitFor();
      await waitForLoaded(page);
      await then?.(page);
      await waitForLoaded(page);
      await checkPage(page, route, data);
    });
  }

  for (const journey of journeys) {
    test(journey.name, async ({ page, request }) => {
      // A journey checks up to six pages, each with axe (about 3 s a page on a loaded 2-core
      // machine): one took 72 s in CI, past the 60 s that bounds a single page's test.
      test.slow();
      const checked: string[] = [];
      const data = await startCatalogSweep(page);
      await journey.run(page, request, async (route) => {
        await waitForLoaded(page);
        await checkPage(page, route, data);
        checked.push(route);
      });
      // The routes the journey declares, which the fast test counts as swept, are the ones it checked.
      expect(checked).toEqual(journey.routes);
    });
  }
});
