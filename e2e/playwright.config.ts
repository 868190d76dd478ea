import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { baseURL } from './support/stack';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A test's bound, for a hang: on a loaded 2-core machine (CI) a test of several pages has taken
  // over 60 s while every step went on (a wallet journey with an offline redemption: 66 s).
  timeout: 120_000,
  // An assertion waits for the state it names; 5 s (Playwright's default) is too short for a card
  // payment on a loaded 2-core machine (tokenize, charge, receipt page), seen failing there.
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    // The offline wallet's worker would serve cached remotes and API answers; only its own spec
    // (offline-wallet.spec.ts) lets it run, so every other spec sees the network as it is.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 }, browserName: 'chromium' } },
  ],
});
