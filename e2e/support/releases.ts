// Releases in the e2e stack (issue 21, docs/releasing.md): the remotes' file servers serve
// RELEASES_DIR under /releases/, the registry is driven with the project's own commands, and the
// baseline release recorded in the repository (e2e/baseline) is the earlier side of the skew tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { ReleaseManifest } from '@fu/shared/releases';
import { remotes, type RemoteName } from '@fu/shared/remotes';
import { expectAppRunning } from './appRunning';
import { fillBilling } from './checkoutForm';
import { DEVICE } from './orders';
import { ADMIN_TOKEN, baseURL, releasesDir, root } from './stack';

/** The baseline: the site as released at an earlier commit, recorded by `npm run release:baseline`. */
export const baselineDir = path.join(root, 'e2e', 'baseline');
export const baseline = JSON.parse(readFileSync(path.join(baselineDir, 'baseline.json'), 'utf8')) as {
  commit: string;
  /** Each remote's release version at that commit. */
  remotes: Record<RemoteName, string>;
};

/** Empties the releases folder and puts the baseline's remote releases in it (global setup). */
export function prepareReleases() {
  rmSync(releasesDir, { recursive: true, force: true });
  mkdirSync(releasesDir, { recursive: true });
  cpSync(path.join(baselineDir, 'releases'), releasesDir, { recursive: true });
}

/** Releases today's build of `remote` as `version`, as a team would (`npm run release`, built already). */
export function releaseToday(remote: RemoteName, version: string) {
  if (existsSync(path.join(releasesDir, remote, version))) return;
  execFileSync(process.execPath, ['scripts/release.mjs', '--remote', remote, '--no-build', '--version', version], {
    cwd: root,
    env: { ...process.env, RELEASES_DIR: releasesDir },
    stdio: 'pipe',
  });
}

/** Every file under `folder`, by its path from `folder` ('server/first-screens.cjs'). */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/**
 * A copy of a release under another version, changed by `edit`: its release.json, its
 * remoteEntry.js, and its code (`code`: every script of the release, the browser's chunks and the
 * server build under `server/` alike, by its path in the release). An edited file's pre-compressed
 * copies are dropped, so the edited file is what is served: a release as a mistaken or mismatched
 * build would make it, or as a new build of changed code would.
 */
export function alteredRelease(
  remote: RemoteName,
  from: string,
  version: string,
  edit: {
    manifest?: (manifest: ReleaseManifest) => void;
    entry?: (code: string) => string;
    code?: (code: string, file: string) => string;
  },
) {
  const target = path.join(releasesDir, remote, version);
  if (existsSync(target)) return;
  cpSync(path.join(releasesDir, remote, from), target, { recursive: true });
  const edited = (file: string) => {
    for (const suffix of ['.br', '.gz']) rmSync(path.join(target, file + suffix), { force: true });
  };
  const manifestFile = path.join(target, 'release.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ReleaseManifest;
  manifest.version = version;
  edit.manifest?.(manifest);
  writeFileSync(manifestFile, JSON.stringify(manifest));
  edited('release.json');
  const entryFile = path.join(target, 'remoteEntry.js');
  if (edit.entry) writeFileSync(entryFile, edit.entry(readFileSync(entryFile, 'utf8')));
  edited('remoteEntry.js');
  if (edit.code) {
    for (const file of filesUnder(target).filter((name) => /\.c?js$/.test(name))) {
      const code = readFileSync(path.join(target, file), 'utf8');
      const changed = edit.code(code, file);
      if (changed === code) continue;
      writeFileSync(path.join(target, file), changed);
      edited(file);
    }
  }
}

const registryCommand = (args: string[]) =>
  spawnSync(process.execPath, ['scripts/release-registry.mjs', ...args], {
    cwd: root,
    env: { ...process.env, API_URL: baseURL, ADMIN_API_TOKEN: ADMIN_TOKEN, RELEASED_BY: 'e2e' },
    encoding: 'utf8',
  });

/** One of the registry's commands (`npm run release:promote -- checkout 1.0.0-abc`), against the e2e stack. */
export function registry(...args: string[]): string {
  const run = registryCommand(args);
  if (run.status !== 0) throw new Error(`release-registry ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return run.stdout;
}

/** A registry command that must be refused: what it said. */
export function refusedBy(...args: string[]): string {
  const run = registryCommand(args);
  if (run.status === 0) throw new Error(`release-registry ${args.join(' ')} was not refused: ${run.stdout}`);
  return run.stderr.trim();
}

/** Rolls every remote back to its configured build, whatever a test left (after each test). */
export function backToConfiguredBuilds() {
  for (const { name } of remotes) {
    for (let step = 0; step < 20; step++) {
      const run = registryCommand(['rollback', name]);
      if (run.status === 0) continue;
      if (run.stderr.includes('has no earlier release to roll back to')) break;
      throw new Error(`release-registry rollback ${name} exited ${run.status}: ${run.stderr}`);
    }
  }
}

/** The remote entries a page loads, by remote origin path ('/releases/1.0.0-abc/remoteEntry.js'). */
export function entriesLoaded(page: Page): string[] {
  const loaded: string[] = [];
  // Requests, not responses: Playwright may hold a response's event until the browser has sent its
  // raw headers, which can be after the script has run and the app is up (a canary test read an empty
  // list that way); a request is reported before the browser sends it.
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/remoteEntry.js')) loaded.push(`${url.port} ${url.pathname}`);
  });
  return loaded;
}

/** The releases the page at hand was given (its inline runtime config). */
export async function releasesOf(page: Page): Promise<Record<string, string>> {
  const text = await page.locator('#fu-runtime-config').textContent();
  return (JSON.parse(text ?? '{}') as { releases?: Record<string, string> }).releases ?? {};
}

/** The app has taken over the served page and no remote fell back to "taking a break". */
async function appShown(page: Page) {
  await expectAppRunning(page);
  await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
}

const WALLET = 'a1a1a1a1-0000-4000-8000-000000000001';

/**
 * Each remote's main journey, as a smoke: ordering's state list and order page, the checkout paid
 * by card to its receipt, a student's page (fundraiser) and an offers wallet (tickets).
 */
export async function mainJourneys(page: Page, origin = '') {
  await page.goto(`${origin}/`);
  await appShown(page);
  await expect(page.locator('#root').getByRole('link', { name: 'Texas' })).toBeVisible();

  await page.goto(`${origin}/Order/1/0/0`);
  await appShown(page);
  await page.getByLabel('Student first name').fill('Jordan');
  await page.getByLabel('Student last name').fill('Rivera');
  await page.getByRole('radio', { name: /Team Sponsor/ }).check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Checkout/ })).toBeVisible();
  await fillBilling(page, '4111111111111111');
  await page.getByRole('button', { name: /^Submit payment of / }).click();
  await expect(page).toHaveURL(/\/Receipt\/\d+\?key=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();

  await page.goto(`${origin}/Fundraiser/${DEVICE}`);
  await appShown(page);
  await expect(page.locator('#root').getByTestId('orders-summary')).toBeVisible();

  await page.goto(`${origin}/MyOffers/${WALLET}`);
  await appShown(page);
  await expect(page.locator('#root').getByRole('heading', { name: 'Offers' })).toBeVisible();
}
