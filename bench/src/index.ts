// `npm run bench`: first-load and per-route JS of five pages against the React floor, and the
// req/s of ListActiveStates against a bare Fastify route, all measured in this one run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './load';
import { measurePages } from './pageWeight';
import { reactFloorGzipBytes } from './reactFloor';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ports = { api: 19080, ordering: 19081, checkout: 19082, tickets: 19083, fundraiser: 19084, bare: 19090 };
const children: ChildProcess[] = [];

function tsx(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never answered`);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (met: boolean, target: string) => `${met ? 'met' : 'NOT met'} (${target})`;

/** Issue targets: '/' within 1.5× the React floor; each further route adds at most 35 KB. */
const FIRST_LOAD_FLOOR_FACTOR = 1.5;
const FURTHER_ROUTE_BYTES = 35 * 1024;

const BENCH_PAGES = [
  { label: 'start', path: '/', ready: 'h1:has-text("Select Fundraiser\'s State")' },
  { label: 'order page', path: '/Order/1/0/0', ready: 'text=Continue to checkout' },
  { label: 'checkout', path: '/Checkout/7', ready: 'h1:has-text("Checkout")' },
  {
    label: 'student page',
    path: '/Fundraiser/11111111-1111-4111-8111-111111111111',
    ready: 'h1:has-text("My Fundraiser")',
  },
  { label: 'offers wallet', path: '/MyOffers/22222222-2222-4222-8222-222222222222', ready: 'h1:has-text("Offers")' },
];

async function main() {
  const env = {
    ...process.env,
    PORT: String(ports.api),
    ORDERING_PORT: String(ports.ordering),
    CHECKOUT_PORT: String(ports.checkout),
    TICKETS_PORT: String(ports.tickets),
    FUNDRAISER_PORT: String(ports.fundraiser),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fu-bench-')),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
  for (const [name, dir] of [
    ['ordering', 'remote-ordering'],
    ['checkout', 'remote-checkout'],
    ['tickets', 'remote-tickets'],
    ['fundraiser', 'remote-fundraiser'],
  ] as const) {
    tsx(['server/src/serve-remote.ts', '--dir', path.join(dir, 'dist'), '--port', String(ports[name])], env);
  }
  tsx(['server/src/main.ts'], env);
  tsx(['bench/src/bareServer.ts', String(ports.bare)]);
  const base = `http://localhost:${ports.api}`;
  await waitFor(`${base}/api/health`);
  await waitFor(`http://localhost:${ports.ordering}/remoteEntry.js`);
  await waitFor(`http://127.0.0.1:${ports.bare}/bare`);

  console.log('Building the React floor…');
  const floor = await reactFloorGzipBytes(root);
  console.log('Loading pages in Chromium…');
  const { firstLoads, steps } = await measurePages(base, BENCH_PAGES);
  console.log('Load testing (5 s each)…');
  const bare = await load(`http://127.0.0.1:${ports.bare}/bare`);
  const states = await load(`http://127.0.0.1:${ports.api}/api/Fundraisers/ListActiveStates?itemId=0`);

  const rows = [
    ['React floor (react + react-dom + react-router)', kb(floor), '1.00×', ''],
    ...firstLoads.map((p) => [
      `first load ${p.label} \`${p.path}\` (${p.scripts} scripts)`,
      kb(p.gzipBytes),
      `${(p.gzipBytes / floor).toFixed(2)}×`,
      p.path === '/'
        ? verdict(p.gzipBytes <= FIRST_LOAD_FLOOR_FACTOR * floor, `≤ ${FIRST_LOAD_FLOOR_FACTOR}× floor`)
        : '',
    ]),
    ...steps.map((s) => [
      `new JS, \`/\` → ${s.label} (${s.newScripts} scripts)`,
      kb(s.newGzipBytes),
      '',
      verdict(s.newGzipBytes <= FURTHER_ROUTE_BYTES, `≤ ${kb(FURTHER_ROUTE_BYTES)}`),
    ]),
  ];
  const copies = firstLoads.map((p) => {
    const shared = Object.entries(p.sharedCopies)
      .map(([name, n]) => `${name} ×${n}`)
      .join(', ');
    const once = p.runtimeCopies === 1 && Object.values(p.sharedCopies).every((n) => n <= 1);
    return [p.label, String(p.runtimeCopies), shared, verdict(once, 'one of each')];
  });
  const apiRows = [
    ['bare Fastify route', bare.requestsPerSecond.toFixed(0), bare.p99Ms.toFixed(1), '100%'],
    [
      'GET ListActiveStates (PGlite)',
      states.requestsPerSecond.toFixed(0),
      states.p99Ms.toFixed(1),
      `${((states.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)}%`,
    ],
  ];
  const table = [
    `# Benchmark results`,
    ``,
    `Measured ${new Date().toISOString()} on ${process.platform}, Node ${process.version}, one run of \`npm run bench\`.`,
    ``,
    `| JavaScript (gzip) | bytes | vs floor | target |`,
    `| --- | --- | --- | --- |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    ``,
    `| page | federation runtime copies | shared libraries loaded | target |`,
    `| --- | --- | --- | --- |`,
    ...copies.map((r) => `| ${r.join(' | ')} |`),
    ``,
    `| API | req/s | p99 ms | vs bare |`,
    `| --- | --- | --- | --- |`,
    ...apiRows.map((r) => `| ${r.join(' | ')} |`),
    ``,
    `Errors: bare ${bare.errors}, ListActiveStates ${states.errors}.`,
    ``,
  ].join('\n');
  mkdirSync(path.join(root, 'bench'), { recursive: true });
  writeFileSync(path.join(root, 'bench', 'RESULTS.md'), table);
  console.log(`\n${table}`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
  });
