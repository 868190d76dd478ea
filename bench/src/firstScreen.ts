// Server rendering on and off, side by side (the first-screen issue): the order page and the student
// page, each served by two API servers over the same built remotes, one rendering the page's first
// screen with its release's server build (the default FIRST_SCREEN_BUDGET_MS), the other with
// FIRST_SCREEN_BUDGET_MS=0 (the shell's plain page: the app draws everything and makes its first
// calls). Per cold load in Chromium with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate, as
// Lighthouse mobile and orderRender.ts): the time from navigation to the page's first usable control
// (a field that takes typing, a button that answers a tap: on screen, enabled, its events React's,
// in a page the app runs), and the requests the browser started before then (Resource Timing, the
// page itself included). The median of several loads; the two servers in turn, load by load, so a
// busy minute on a shared machine hits both alike.
//
// Standalone: `npx tsx bench/src/firstScreen.ts [--runs 7] [--ports 24080]` builds what is stale,
// starts the stack on 24080–24085 (its API renders) and a second API on 24090 (it does not), and
// prints a table. `npm run bench` runs it on its own stack too (bench/src/index.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';
import { portEnv, portsFrom, root, startApi, startStack, stopAll, waitFor } from '../../scripts/stack.cjs';
import { APP_RUNNING_SOURCE } from './appRunning';

/**
 * The control a supporter would use first: a field found by its label's text, a button by its text,
 * or an element by a CSS selector (taps.ts: a checkbox whose label's words depend on the order).
 */
export type FirstControl = { label: string } | { button: string } | { selector: string };

export interface FirstScreenPage {
  label: string;
  path: string;
  control: FirstControl;
}

export interface FirstScreenTarget {
  label: string;
  /** Where the API serving this variant answers, e.g. http://localhost:24080 */
  baseURL: string;
}

/** The demo data's pages (README "Demo data"): the team's order page and a student's own page. */
export const FIRST_SCREEN_PAGES: FirstScreenPage[] = [
  { label: 'order page', path: '/Order/1/0/0', control: { label: 'Student first name' } },
  { label: 'student page', path: '/Fundraiser/11111111-1111-4111-8111-111111111111', control: { button: 'Share' } },
];

/** Sets the server-rendering budget to what it is by default: the variable unset. */
export function renderingOn(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const on = { ...env };
  delete on.FIRST_SCREEN_BUDGET_MS;
  return on;
}

export const ON_LABEL = 'on (default budget)';
export const OFF_LABEL = 'off (`FIRST_SCREEN_BUDGET_MS=0`)';

export const renderingOff = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ ...env, FIRST_SCREEN_BUDGET_MS: '0' });

export interface FirstScreenLoad {
  /** From navigation to the first moment the page's control was usable. */
  usableMs: number;
  /** First contentful paint, from navigation. */
  paintMs: number;
  /** Requests started before the control was usable, the page's own included. */
  requests: number;
  /** Of those, calls to the API (/api/). */
  apiCalls: number;
  /** Of those, scripts. */
  scripts: number;
  /** Whether the page came with a server-rendered first screen (its answers' data block). */
  served: boolean;
  /** The API calls made before the control was usable (path and query), for the log. */
  apiPaths: string[];
}

export interface FirstScreenResult {
  page: FirstScreenPage;
  target: FirstScreenTarget;
  loads: FirstScreenLoad[];
  median: Pick<FirstScreenLoad, 'usableMs' | 'paintMs' | 'requests' | 'apiCalls' | 'scripts'>;
}

export interface FirstScreenOptions {
  runs?: number;
  cpuSlowdown?: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Installed before the page's own scripts: from the first frame on, each frame checks the control, and
 * `window.fuUsable` resolves with the time it first was usable (performance.now(), from navigation).
 * A string, not a function of this file: tsx would wrap the functions named in it in a helper the
 * page does not have.
 */
export function usableWatch(control: FirstControl): string {
  return `(() => {
  const running = ${APP_RUNNING_SOURCE};
  const control = ${JSON.stringify(control)};
  const find = () =>
    'selector' in control
      ? document.querySelector(control.selector)
      : 'label' in control
        ? Array.from(document.querySelectorAll('label')).find((label) => label.textContent.trim() === control.label)?.control
        : Array.from(document.querySelectorAll('button')).find((button) => button.textContent.trim() === control.button);
  // React has hydrated or drawn the element when it holds the element's props, with its handlers.
  const reacts = (element) =>
    Object.entries(element).some(
      ([key, props]) =>
        key.startsWith('__reactProps') &&
        props !== null &&
        Object.entries(props).some(([name, value]) => name.startsWith('on') && typeof value === 'function'),
    );
  let done;
  window.fuUsable = new Promise((resolve, reject) => {
    done = resolve;
    setTimeout(() => reject(new Error('no usable ' + JSON.stringify(control) + ' within 60 s')), 60000);
  });
  const check = () => {
    const element = find();
    if (element && !element.matches(':disabled') && element.checkVisibility() && reacts(element) && running()) {
      done(performance.now());
    } else {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
})();`;
}

async function measureOnce(
  browser: Browser,
  target: FirstScreenTarget,
  page: FirstScreenPage,
  cpuSlowdown: number,
): Promise<FirstScreenLoad> {
  // Cold: a new context (no cache, no cookies) and no service worker, whose precache would serve later loads.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  await context.addInitScript({ content: usableWatch(page.control) });
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await tab.goto(`${target.baseURL}${page.path}`);
    const usableMs = (await tab.evaluate('window.fuUsable')) as number;
    // A request still open at that moment has no Resource Timing entry until it ends.
    await tab.waitForLoadState('networkidle');
    const seen = await tab.evaluate((usable) => {
      const before = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < usable) as PerformanceResourceTiming[];
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        paintMs: paint ? paint.startTime : NaN,
        urls: before.map((entry) => ({ url: entry.name, type: entry.initiatorType })),
        served: document.getElementById('fu-served-answers') !== null,
      };
    }, usableMs);
    const api = seen.urls.filter(({ url }) => new URL(url).pathname.startsWith('/api/'));
    return {
      usableMs,
      paintMs: seen.paintMs,
      requests: seen.urls.length + 1,
      apiCalls: api.length,
      scripts: seen.urls.filter(({ url, type }) => type === 'script' || new URL(url).pathname.endsWith('.js')).length,
      served: seen.served,
      apiPaths: api.map(({ url }) => {
        const { pathname, search } = new URL(url);
        return pathname + search;
      }),
    };
  } finally {
    await context.close();
  }
}

/**
 * Loads each page `runs` times per target, after one load each that is not counted (a server's
 * first render of a remote's page reads its build), the targets in turn and swapping who goes first
 * each round; answers the medians.
 */
export async function measureFirstScreens(
  targets: FirstScreenTarget[],
  pages: FirstScreenPage[] = FIRST_SCREEN_PAGES,
  { runs = 7, cpuSlowdown = 4 }: FirstScreenOptions = {},
): Promise<FirstScreenResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const results: FirstScreenResult[] = [];
    for (const page of pages) {
      for (const target of targets) await measureOnce(browser, target, page, cpuSlowdown);
      const loads = targets.map(() => [] as FirstScreenLoad[]);
      for (let run = 0; run < runs; run++) {
        const order = targets.map((_, index) => index);
        if (run % 2) order.reverse();
        for (const index of order) loads[index]!.push(await measureOnce(browser, targets[index]!, page, cpuSlowdown));
      }
      targets.forEach((target, index) => {
        const mine = loads[index]!;
        const of = (key: 'usableMs' | 'paintMs' | 'requests' | 'apiCalls' | 'scripts') =>
          median(mine.map((load) => load[key]));
        results.push({
          page,
          target,
          loads: mine,
          median: {
            usableMs: of('usableMs'),
            paintMs: of('paintMs'),
            requests: of('requests'),
            apiCalls: of('apiCalls'),
            scripts: of('scripts'),
          },
        });
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

export const controlName = (control: FirstControl) =>
  'selector' in control
    ? `\`${control.selector}\``
    : 'label' in control
      ? `the field "${control.label}"`
      : `the button "${control.button}"`;

/** The section of RESULTS.md: per page, the variants side by side, then how much rendering changed. */
export function firstScreenMarkdown(results: FirstScreenResult[], { cpuSlowdown = 4 } = {}): string {
  const runs = results[0]?.loads.length ?? 0;
  const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(0)} ms`);
  const count = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  const rows = results.map(({ page, target, loads, median: m }) => {
    const served = loads.filter((load) => load.served).length;
    return `| ${page.label} \`${page.path}\` | ${target.label} | ${count(m.requests)} (${count(m.apiCalls)} API, ${count(m.scripts)} scripts) | ${ms(m.paintMs)} | ${ms(m.usableMs)} (${ms(Math.min(...loads.map((l) => l.usableMs)))}–${ms(Math.max(...loads.map((l) => l.usableMs)))}) | ${served} of ${loads.length} |`;
  });
  const pages = [...new Set(results.map((result) => result.page))];
  const changes = pages.flatMap((page) => {
    const [on, off] = results.filter((result) => result.page === page);
    if (!on || !off) return [];
    const delta = on.median.usableMs - off.median.usableMs;
    return [
      `- ${page.label}, ${controlName(page.control)}: ${on.target.label} against ${off.target.label}, ${count(on.median.requests)} requests before it is usable against ${count(off.median.requests)} (${count(on.median.apiCalls)} API calls against ${count(off.median.apiCalls)}), usable ${ms(Math.abs(delta))} ${delta <= 0 ? 'sooner' : '**later**'} (${((on.median.usableMs / off.median.usableMs) * 100).toFixed(0)}%).`,
    ];
  });
  return [
    `| First screen, CPU ${cpuSlowdown}× slower, median of ${runs} cold loads each, alternating | server rendering | requests before the first usable control | first contentful paint | first usable control (fastest–slowest) | loads served rendered |`,
    `| --- | --- | --- | --- | --- | --- |`,
    ...rows,
    ``,
    ...changes,
    ``,
    `Usable: the page's first control (order page: the field "Student first name"; student page: the button "Share") on screen, enabled, with React's handlers on it, in a page the app runs (React holds the layout's frame, e2e/support/appRunningCheck.ts), checked every frame from navigation. Requests: what the browser started before then (Resource Timing, the page's own request included). Two API servers over the same remotes and demo data, one with the default FIRST_SCREEN_BUDGET_MS, one with 0; a load whose render overran the budget gets the plain page (the last column counts the loads that came rendered).`,
    ``,
  ].join('\n');
}

// ——— The standalone runner ———

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code})`)),
    );
  });
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' }, ports: { type: 'string' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');
  const ports = portsFrom(Number(values.ports ?? 24080));
  const offPort = ports.api + 10;

  await run(process.execPath, ['scripts/build.mjs'], root);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fu-first-screen-'));
  const env = { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', REMINDER_INTERVAL_MINUTES: '0' };
  try {
    const stack = startStack({
      ports,
      env: renderingOn({ ...env, DATA_DIR: path.join(dataDir, 'on') }),
      outputFor: () => 'stderr',
    });
    // The same server on its own copy of the demo data (PGlite is one process's), over the stack's remotes.
    const off = startApi({
      port: offPort,
      env: renderingOff({ ...env, ...portEnv(ports), DATA_DIR: path.join(dataDir, 'off') }),
      output: 'stderr',
    });
    await stack.ready();
    await waitFor(`http://localhost:${offPort}/api/health`, { server: off, timeoutMs: 180_000 });
    const results = await measureFirstScreens(
      [
        { label: ON_LABEL, baseURL: `http://localhost:${ports.api}` },
        { label: OFF_LABEL, baseURL: `http://localhost:${offPort}` },
      ],
      FIRST_SCREEN_PAGES,
      { runs },
    );
    for (const result of results) {
      const loads = result.loads.map((load) => [
        Math.round(load.usableMs),
        Math.round(load.paintMs),
        load.requests,
        load.apiCalls,
        load.served,
      ]);
      console.log(result.page.label, result.target.label, JSON.stringify(loads));
      console.log(`  API calls before usable (first load): ${result.loads[0]?.apiPaths.join(', ') || 'none'}`);
    }
    console.log(`\n${firstScreenMarkdown(results)}`);
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
