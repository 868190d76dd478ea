import { expect, test } from '@playwright/test';
import { ports, remoteEntry, startRemote, stopProcess, waitUntil } from '../support/stack';

test.describe('federated remotes', () => {
  test('every remote renders inside the shell with one React on the page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    for (const [path, heading] of [
      ['/checkout/7', 'Checkout'],
      // Each loaded page's heading: the app takes over from the served page once its page has loaded,
      // so the loading headings ('My Fundraiser', 'Offers') no longer show. A wallet this browser has
      // not activated asks for a phone.
      ['/Fundraiser/11111111-1111-4111-8111-111111111111', 'Lincoln Football 2026'],
      ['/MyOffers/22222222-2222-4222-8222-222222222222', 'Activate Your Ticket'],
      ['/', "Select Fundraiser's State"],
    ] as const) {
      await page.goto(path);
      // The app's own heading (the served page shows it before any script runs; then the app runs it).
      await expect(page.locator('#root').getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    // React, react-dom and @fu/shared (which carries the router) come from the shell only: the
    // remotes consume the shell's copies. The router is never shared whole (see shared/src/router.ts).
    const shared = await page.evaluate(() => {
      const federation = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, unknown> } })
        .__FEDERATION__;
      const share = (federation?.__SHARE__ ?? {}) as Record<
        string,
        Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>
      >;
      const loaded: Record<string, string[]> = {};
      for (const scope of Object.values(share)) {
        for (const [name, versions] of Object.entries(scope.default ?? {})) {
          for (const [version, entry] of Object.entries(versions)) {
            if (entry.loaded) (loaded[name] ??= []).push(`${entry.from}@${version}`);
          }
        }
      }
      return loaded;
    });
    for (const name of ['react', 'react-dom', '@fu/shared']) {
      expect(new Set(shared[name]).size, `${name} loaded as ${JSON.stringify(shared[name])}`).toBe(1);
    }
    expect(shared['react-router-dom']).toBeUndefined();
    // The federation runtime is the shell's: deployed remotes are built against it, not with a copy.
    const runtimeFrom = await page.evaluate(
      () =>
        (window as unknown as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string } })._FEDERATION_RUNTIME_CORE_FROM?.name,
    );
    expect(runtimeFrom).toBe('shell');
    expect(scripts.some((url) => url.includes(`:${ports.checkout}/`))).toBe(true);
  });

  test('a stopped remote shows Retry inside the layout while other routes work', async ({ page }) => {
    const runtimeErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Federation Runtime'))
        runtimeErrors.push(message.text());
    });
    stopProcess('checkout');
    await waitUntil(remoteEntry('checkout'), false);
    try {
      await page.goto('/Checkout/7');
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(/Loading chunk \S+ failed/)).toBeVisible();
      await expect(page.getByText('Fueled by Fundraising University')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Help & Support' })).toBeVisible();

      await page.getByRole('link', { name: 'Help & Support' }).click();
      await expect(page.getByRole('heading', { name: 'How Can We Help' })).toBeVisible();
      await page.goto('/');
      await expect(page.getByRole('heading', { name: "Select Fundraiser's State" })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Texas' })).toBeVisible();

      await page.goto('/Checkout/7');
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 20_000 });
    } finally {
      startRemote('checkout');
      await waitUntil(remoteEntry('checkout'), true);
    }
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible({ timeout: 20_000 });
    // Retry registers the remote again with `force`: the runtime forgets it wholly, without an error
    // (scripts/snapshotOff.cjs keeps the manifest cache its removeRemote clears).
    expect(runtimeErrors.filter((text) => text.includes('removeRemote'))).toEqual([]);
  });
});
