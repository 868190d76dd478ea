import { expect, test, type Page } from '@playwright/test';

// Deployed remotes run on the federation runtime the shell puts on the page
// (shell/src/federation/shellRuntime.json). A page without it, or with another major version of it,
// fails the remote with a sentence saying so, and the shell shows its Retry fallback: never a blank page.

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function expectFallback(page: Page) {
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Loading chunk \S+ failed/)).toBeVisible();
  await expect(page.getByText('Fueled by Fundraising University')).toBeVisible();
}

test.describe("a remote on a page without the shell's runtime", () => {
  test('shows Retry and says which library the page lacks', async ({ page }) => {
    const errors = pageErrors(page);
    // The shell's assignment is ignored, as on a page whose shell predates the bundler runtime global.
    await page.addInitScript(() => {
      Object.defineProperty(window, '_FEDERATION_BUNDLER_RUNTIME', { get: () => undefined, set: () => {} });
    });
    await page.goto('/');
    await expectFallback(page);
    await expect
      .poll(() => errors)
      .toContainEqual(
        expect.stringMatching(
          /^Remote ordering runs on the shell's federation runtime \d+\.x, but the page has no @module-federation\/webpack-bundler-runtime \(window\._FEDERATION_BUNDLER_RUNTIME\)\.$/,
        ),
      );
  });

  test('shows Retry and says which version the page has when its major differs', async ({ page }) => {
    const errors = pageErrors(page);
    // The page's record of its runtime version is another major's (the shell keeps a record already there).
    await page.addInitScript(() => {
      Object.defineProperty(window, '_FEDERATION_RUNTIME_CORE_FROM', { value: { name: 'shell', version: '999.0.0' } });
    });
    await page.goto('/Checkout/7');
    await expectFallback(page);
    await expect
      .poll(() => errors)
      .toContainEqual(
        expect.stringMatching(
          /^Remote checkout runs on the shell's federation runtime (\d+)\.x, but the page provides version (?!\1\.)\d+\.\d+\.\d+ \(from shell\)\.$/,
        ),
      );
  });
});
