// The order page's own render on a slow phone CPU (issue 20, item 6): Chromium with the CPU slowed
// 4× (CDP Emulation.setCPUThrottlingRate, as Lighthouse mobile), the production build served by the
// stack. Per cold load, from Chrome's trace: the main-thread work after GetFundraiserDetails has
// arrived (with the page itself when the server rendered it: its answer is in the page) until the
// page is ready, and the total blocking time from first contentful paint to ready; from the page, its cumulative layout shift. Then, on the
// loaded page, how long a keypress in a field and a click on a quantity's + take to the next paint.
// No "longest task after the data": that was a task of the start-up, not of a tap; the longest task
// once the page is usable, through real taps, is bench/src/taps.ts's (issue 36).
// The median of several loads per build; several builds are measured in turn, load by load, so a
// busy minute on a shared machine hits each alike.
//
// Standalone: `npx tsx bench/src/orderRender.ts [--runs 7] [--baseline <git revision>] [--ports 23080]`
// builds what is stale, starts the stack on 23080–23085 and prints a table; with --baseline it also
// builds that revision's shell and ordering remote in a temporary folder, starts its API and ordering
// remote on the base port + 10 and + 11, and measures both side by side.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium';
import { portEnv, portsFrom, root, startServer, startStack, stopAll, waitFor } from '../../scripts/stack.cjs';
import { waitForAppRunning } from './appRunning';

export interface OrderRenderTarget {
  label: string;
  /** Where the stack serving this build answers, e.g. http://localhost:23080 */
  baseURL: string;
}

export interface OrderRenderFigures {
  /**
   * Main-thread task time from the order's data's arrival (GetFundraiserDetails' answer, or the page
   * when the server rendered it with the answer in it) until the page was ready.
   */
  workAfterDataMs: number;
  /** Lighthouse's definition, from first contentful paint until the page was ready. */
  totalBlockingMs: number;
  /** Cumulative layout shift from the start of the load until the page was ready. */
  layoutShift: number;
  /** From a keypress in "Student first name" to the next frame (median of the keys of one load). */
  keyToPaintMs: number;
  /** From a click on a quantity's + to the next frame (median of the clicks of one load). */
  clickToPaintMs: number;
  /** The page came with the data (server rendered): no call for it. */
  dataInPage: boolean;
}

type Timings = Omit<OrderRenderFigures, 'dataInPage'>;

export interface OrderRenderResult {
  label: string;
  runs: OrderRenderFigures[];
  median: Timings;
  /** Loads whose page came with the data. */
  dataInPage: number;
}

export interface OrderRenderOptions {
  runs?: number;
  cpuSlowdown?: number;
}

const ORDER_PATH = '/Order/1/0/0';
const DATA_CALL = '/api/Fundraisers/GetFundraiserDetails';
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel'];
/** Lighthouse counts the part of a task beyond 50 ms as blocking. */
const BLOCKING_MS = 50;
const KEYS = 'jordan';
const QUANTITY_BUTTONS = [
  'Add one Adult Medium',
  'Add one Chocolate Chip',
  'Add one Adult Medium',
  'Add one Yard Sign',
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; requestId?: string } };
}

/** Task figures from a trace of one load; times in the trace are microseconds. */
function traceFigures(
  events: TraceEvent[],
  pageUrl: string,
): Pick<OrderRenderFigures, 'workAfterDataMs' | 'totalBlockingMs' | 'dataInPage'> {
  const sent = (url: (sentTo: string) => boolean) =>
    events.find((e) => e.name === 'ResourceSendRequest' && url(e.args?.data?.url ?? ''));
  // A page the server rendered carries the call's answer: the data arrived with the page.
  const call = sent((url) => url.includes(DATA_CALL));
  const request = call ?? sent((url) => url === pageUrl);
  if (!request) throw new Error(`the trace has no request to ${DATA_CALL} nor to ${pageUrl}`);
  const requestId = request.args!.data!.requestId;
  const arrived = events.find((e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === requestId);
  if (!arrived) throw new Error(`the trace has no answer to ${request.args!.data!.url}`);
  // The renderer that painted the page; its main thread.
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) throw new Error('the trace has no first contentful paint');
  const main = events.find((e) => e.name === 'thread_name' && e.pid === paint.pid && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('the trace names no main thread for the renderer that painted');
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === main.pid && e.tid === main.tid)
    .map((e) => ({ start: e.ts / 1000, end: (e.ts + (e.dur ?? 0)) / 1000 }));
  const fcp = paint.ts / 1000;
  const afterData = tasks.filter((task) => task.start >= arrived.ts / 1000);
  const blocking = tasks.reduce((sum, task) => {
    if (task.end <= fcp) return sum;
    const start = Math.max(task.start, fcp);
    // The first 50 ms of a task are not blocking, even the part before FCP (as Lighthouse clips).
    return sum + Math.max(0, task.end - Math.max(start, task.start + BLOCKING_MS));
  }, 0);
  return {
    workAfterDataMs: afterData.reduce((sum, task) => sum + task.end - task.start, 0),
    totalBlockingMs: blocking,
    dataInPage: !call,
  };
}

// Installed before the page's own scripts: every layout shift not caused by input, summed.
const LAYOUT_SHIFTS = `window.fuLayoutShift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.fuLayoutShift += entry.value;
}).observe({ type: 'layout-shift', buffered: true });`;

/**
 * In the page: resolves, after the next `type` event, with the time from that event to the end of
 * the next frame (a message posted from requestAnimationFrame runs once the frame has been painted).
 */
function armNextPaint(page: Page, type: 'keydown' | 'click') {
  return page.evaluate((eventType) => {
    const w = window as unknown as { fuNextPaint?: Promise<number> };
    w.fuNextPaint = new Promise<number>((resolve) => {
      document.addEventListener(
        eventType,
        (event) => {
          const start = event.timeStamp;
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - start);
            channel.port2.postMessage(null);
          });
        },
        { capture: true, once: true },
      );
    });
  }, type);
}

const nextPaint = (page: Page) =>
  page.evaluate(() => (window as unknown as { fuNextPaint: Promise<number> }).fuNextPaint);

/**
 * Waits for what the supporter sees once everything has arrived (the item cards with their bundles,
 * the team's progress, the total bar) on an idle main thread, with the app running the page (a served
 * page shows all of it before React has hydrated it). Checked only when the page is idle:
 * Playwright's own polling for a role would add its work to the tasks being measured.
 */
async function ready(page: Page) {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.evaluate(async () => {
    for (;;) {
      await new Promise((resolve) => requestIdleCallback(resolve));
      if (
        document.querySelector('[data-testid="team-progress"]') &&
        document.querySelector('[data-testid="order-total"]') &&
        Array.from(document.querySelectorAll('h4')).some((heading) => heading.textContent === 'Bundles')
      )
        return;
    }
  });
  await waitForAppRunning(page);
}

async function measureOnce(browser: Browser, target: OrderRenderTarget, options: Required<OrderRenderOptions>) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await context.addInitScript({ content: LAYOUT_SHIFTS });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(`${target.baseURL}${ORDER_PATH}`);
    await ready(page);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const layoutShift = await page.evaluate(() => (window as unknown as { fuLayoutShift: number }).fuLayoutShift);

    const keys: number[] = [];
    await page.getByLabel('Student first name').focus();
    for (const key of KEYS) {
      await armNextPaint(page, 'keydown');
      await page.keyboard.press(key);
      keys.push(await nextPaint(page));
    }
    const clicks: number[] = [];
    for (const name of QUANTITY_BUTTONS) {
      const button = page.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      await armNextPaint(page, 'click');
      await button.click();
      clicks.push(await nextPaint(page));
    }
    return {
      ...traceFigures(trace.traceEvents, page.url()),
      layoutShift,
      keyToPaintMs: median(keys),
      clickToPaintMs: median(clicks),
    };
  } finally {
    await context.close();
  }
}

/** Loads the order page `runs` times per target, the targets in turn (ABBA), and answers medians. */
export async function measureOrderRender(
  targets: OrderRenderTarget[],
  { runs = 7, cpuSlowdown = 4 }: OrderRenderOptions = {},
): Promise<OrderRenderResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const measured = targets.map(() => [] as OrderRenderFigures[]);
    for (let run = 0; run < runs; run++) {
      const order = targets.map((_, index) => index);
      if (run % 2) order.reverse();
      for (const index of order) {
        measured[index]!.push(await measureOnce(browser, targets[index]!, { runs, cpuSlowdown }));
      }
    }
    return targets.map((target, index) => {
      const figures = measured[index]!;
      const of = (key: keyof Timings) => median(figures.map((run) => run[key]));
      return {
        label: target.label,
        runs: figures,
        median: {
          workAfterDataMs: of('workAfterDataMs'),
          totalBlockingMs: of('totalBlockingMs'),
          layoutShift: of('layoutShift'),
          keyToPaintMs: of('keyToPaintMs'),
          clickToPaintMs: of('clickToPaintMs'),
        },
        dataInPage: figures.filter((run) => run.dataInPage).length,
      };
    });
  } finally {
    await browser.close();
  }
}

export function orderRenderMarkdown(results: OrderRenderResult[], { cpuSlowdown = 4 } = {}): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const runs = results[0]?.runs.length ?? 0;
  return [
    `| Order page \`${ORDER_PATH}\`, CPU ${cpuSlowdown}× slower, median of ${runs} cold loads | main-thread work after the data | total blocking time | layout shift | keypress → paint | quantity + → paint | data in the page (server rendered) |`,
    `| --- | --- | --- | --- | --- | --- | --- |`,
    ...results.map(
      ({ label, median: m, runs: loads, dataInPage }) =>
        `| ${label} | ${ms(m.workAfterDataMs)} | ${ms(m.totalBlockingMs)} | ${m.layoutShift.toFixed(3)} | ${ms(m.keyToPaintMs)} | ${ms(m.clickToPaintMs)} | ${dataInPage} of ${loads.length} |`,
    ),
    ``,
    `The longest task of the start-up is not shown: it is not what a tap waits for. The longest task once the page is usable, through real taps, is the taps section's (\`BENCH_ONLY=taps npm run bench\`, bench/src/taps.ts).`,
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

/**
 * The given revision's files in a temporary folder, with this checkout's installed packages (but its
 * own workspace packages, so its `@fu/shared` is its own), then its shell and ordering remote built.
 */
async function buildRevision(revision: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fu-order-baseline-'));
  const archive = path.join(dir, 'revision.tar');
  await run('git', ['archive', '--format=tar', '-o', archive, revision], root);
  await run('tar', ['-xf', archive, '-C', dir], root);
  rmSync(archive);
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, '@fu'), { recursive: true });
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '@fu') symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  for (const workspace of readdirSync(path.join(root, 'node_modules', '@fu'))) {
    symlinkSync(path.join('..', '..', workspace), path.join(modules, '@fu', workspace));
  }
  if (existsSync(path.join(root, 'server', 'node_modules'))) {
    symlinkSync(path.join(root, 'server', 'node_modules'), path.join(dir, 'server', 'node_modules'));
  }
  const build = "import('./scripts/build.mjs').then((m) => m.build({ only: ['shell', 'ordering'] }))";
  await run(process.execPath, ['--input-type=module', '-e', build], dir);
  return dir;
}

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '7' }, baseline: { type: 'string' }, ports: { type: 'string' } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');
  const ports = portsFrom(Number(values.ports ?? 23080));
  const baselinePorts = { ...ports, api: ports.api + 10, ordering: ports.ordering + 10 };

  await run(process.execPath, ['scripts/build.mjs'], root);
  const baselineDir = values.baseline ? await buildRevision(values.baseline) : undefined;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'fu-order-render-'));
  const env = {
    ...process.env,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    REMINDER_INTERVAL_MINUTES: '0',
  };
  try {
    const stack = startStack({
      ports,
      env: { ...env, DATA_DIR: path.join(dataDir, 'current') },
      outputFor: () => 'stderr',
    });
    const targets: OrderRenderTarget[] = [{ label: 'this checkout', baseURL: `http://localhost:${ports.api}` }];
    if (baselineDir) {
      // The baseline's API (serving its shell) and its ordering remote; the other remotes are not on this page.
      const baselineEnv = { ...env, ...portEnv(baselinePorts), DATA_DIR: path.join(dataDir, 'baseline') };
      const options = { env: baselineEnv, output: 'stderr' as const, cwd: baselineDir };
      const api = startServer('api', ['server/src/main.ts'], options);
      const ordering = startServer(
        'ordering',
        ['server/src/serve-remote.ts', '--remote', 'ordering', '--port', String(baselinePorts.ordering)],
        options,
      );
      await waitFor(`http://localhost:${baselinePorts.api}/api/health`, { server: api, timeoutMs: 180_000 });
      await waitFor(`http://localhost:${baselinePorts.ordering}/remoteEntry.js`, { server: ordering });
      targets.unshift({ label: `baseline ${values.baseline}`, baseURL: `http://localhost:${baselinePorts.api}` });
    }
    await stack.ready();
    const results = await measureOrderRender(targets, { runs });
    for (const result of results) {
      const runs = result.runs.map((run) =>
        Object.values(run).map((value) => (typeof value === 'number' ? +value.toPrecision(3) : value)),
      );
      console.log(result.label, JSON.stringify(runs));
    }
    console.log(`\n${orderRenderMarkdown(results)}`);
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
    if (baselineDir) rmSync(baselineDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
