// `npm run bench`: first-load JS of the start and order pages against the React floor, and the
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
  const pages = await measurePages(base, ['/', '/Order/1/0/0'], 'h1');
  console.log('Load testing (5 s each)…');
  const bare = await load(`http://127.0.0.1:${ports.bare}/bare`);
  const states = await load(`http://127.0.0.1:${ports.api}/api/Fundraisers/ListActiveStates?itemId=0`);

  const rows = [
    ['React floor (react + react-dom + react-router)', kb(floor), '1.00×'],
    ...pages.map((p) => [
      `first-load JS ${p.path} (${p.scripts} scripts)`,
      kb(p.gzipBytes),
      `${(p.gzipBytes / floor).toFixed(2)}×`,
    ]),
  ];
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
    `| JavaScript (gzip) | bytes | vs floor |`,
    `| --- | --- | --- |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
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
