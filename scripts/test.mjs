// `npm test`: lint, typecheck, unit/component tests, the production build run as production runs it
// (server/dist on PostgreSQL), then the server tests (PGlite, and PostgreSQL too when DATABASE_URL is
// set) side by side with the Playwright e2e in Debian's Chromium against the production build.
// Ends with one line `N passed, N failed` summing every runner.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { build } from './build.mjs';

const { remotes, entryFile } = createRequire(import.meta.url)('@fu/shared/remotes.json');
const { serverBuilds } = createRequire(import.meta.url)('./serverBuilds.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const totals = { passed: 0, failed: 0 };
let brokenStep;

/**
 * Runs a command from the repository root. `capture`: its standard output is kept (and shown as it
 * comes, unless `quiet`: then only kept, for the caller to show when it is done).
 */
function run(command, commandArgs, { env = process.env, capture = false, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      env,
      stdio: ['ignore', capture ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
      if (!quiet) process.stdout.write(chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const timings = [];

async function step(name, fn) {
  if (brokenStep) return;
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const timing = [name, 0];
  timings.push(timing);
  const ok = await fn();
  timing[1] = Date.now() - started;
  if (!ok) {
    brokenStep = name;
    console.error(`✖ ${name} failed`);
  }
}

const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`;

function count(passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  return failed === 0;
}

async function lint() {
  const eslint = await run(bin('eslint'), ['.']);
  const prettier = await run(bin('prettier'), ['--check', '.', '--log-level', 'warn']);
  return eslint.code === 0 && prettier.code === 0;
}

async function typecheck() {
  for (const project of [
    'tsconfig.json',
    'server/tsconfig.json',
    'e2e/tsconfig.json',
    'bench/tsconfig.json',
    'shell/src/sw/tsconfig.json',
  ]) {
    if ((await run(bin('tsc'), ['-p', project])).code !== 0) return false;
  }
  return true;
}

async function jest() {
  const outputFile = path.join(results, 'jest.json');
  const { code } = await run(bin('jest'), ['--ci', '--json', `--outputFile=${outputFile}`]);
  if (!existsSync(outputFile)) return false;
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  return count(report.numPassedTests, report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0));
}

/** The server suite on PGlite (no `databaseUrl`) or on PostgreSQL: its passes and failures. */
async function serverSuite(databaseUrl, { quiet = false } = {}) {
  const env = { ...process.env, DATABASE_URL: databaseUrl ?? '' };
  const { code, output } = await run('npm', ['test', '--workspace', 'server', '--silent'], {
    env,
    capture: true,
    quiet,
  });
  const passed = Number(/(?:ℹ|#) pass (\d+)/.exec(output)?.[1] ?? 0);
  const failed = Number(/(?:ℹ|#) fail (\d+)/.exec(output)?.[1] ?? 0);
  return { passed, failed: failed + (code !== 0 && failed === 0 ? 1 : 0), output };
}

/**
 * The server suite on PGlite and, when DATABASE_URL is set, on PostgreSQL too: side by side, since
 * each runs its files one at a time and a machine has two cores (every file has a database of its
 * own, and ports, folders and Redis keys of its own). The PostgreSQL run's output is shown once the
 * PGlite run's has been.
 */
async function serverTests({ quiet = false } = {}) {
  // The apps' server builds the first-screen tests render from, built once here rather than by the
  // first test file of each suite at the same moment (two webpack runs on a 2-core machine).
  await serverBuilds();
  const runs = [serverSuite(undefined, { quiet })];
  if (process.env.DATABASE_URL) runs.push(serverSuite(process.env.DATABASE_URL, { quiet: true }));
  const [pglite, postgres] = await Promise.all(runs);
  if (quiet) console.log(`\n▶ server tests on PGlite\n${pglite.output}`);
  if (postgres) console.log(`\n▶ server tests on PostgreSQL\n${postgres.output}`);
  const results = [pglite, postgres].filter(Boolean);
  return count(
    results.reduce((sum, result) => sum + result.passed, 0),
    results.reduce((sum, result) => sum + result.failed, 0),
  );
}

/** How long `fn` took, into the timings under `name`; its result. */
async function timed(name, fn) {
  const started = Date.now();
  try {
    return await fn();
  } finally {
    timings.push([`  of which ${name}`, Date.now() - started]);
  }
}

/**
 * The server suites and the e2e side by side. The server suites keep about one and a half of a 2-core
 * machine's cores busy, the e2e (one browser, one stack) about half of one, and neither shares a
 * database, a port, a folder or a Redis key with the other: one after the other they took 17 of CI's
 * 20 minutes (docs/testing.md). The server suites' output is shown once they end, after the e2e's.
 */
async function serverTestsBesideE2e() {
  const [server, browser] = await Promise.all([
    timed('server tests', () => serverTests({ quiet: true })),
    timed('e2e', () => e2e()),
  ]);
  return server && browser;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function adminQuery(adminUrl, text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Resolves once `url` answers at all (true), or false when `child` exits first or `timeoutMs` passes.
 */
async function answers(url, child, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (answered) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * The payment sandbox as a staging site runs it: `NODE_ENV=production node server/dist/sandbox.js`
 * refuses without SANDBOX_IN_PRODUCTION=true, and with it answers and approves a test card charged
 * with its key. Returns the checks.
 */
async function productionSandbox(env) {
  const checks = [];
  const port = await freePort();
  const sandboxEnv = { ...env, GATEWAY_PORT: String(port), SANDBOX_IN_PRODUCTION: 'true' };
  const script = path.join(root, 'server', 'dist', 'sandbox.js');
  const refused = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...sandboxEnv, SANDBOX_IN_PRODUCTION: '' },
    stdio: 'ignore',
  });
  const refusedCode = await new Promise((resolve) => refused.on('exit', (code) => resolve(code)));
  checks.push(['the sandbox refuses NODE_ENV=production without SANDBOX_IN_PRODUCTION=true', refusedCode === 1]);
  const sandbox = spawn(process.execPath, [script], { cwd: root, env: sandboxEnv, stdio: 'inherit' });
  const exited = new Promise((resolve) => sandbox.on('exit', (code) => resolve(code)));
  try {
    const origin = `http://127.0.0.1:${port}`;
    checks.push(['server/dist/sandbox.js answers with SANDBOX_IN_PRODUCTION=true', await answers(origin, sandbox)]);
    const post = (route, body, headers = {}) =>
      fetch(origin + route, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
        .then((response) => response.json())
        .catch(() => ({}));
    const { token } = await post('/v1/card/tokenize', {
      holderName: 'Staging Check',
      cardNumber: '4111111111111111',
      cvv: '123',
      expiryMonth: '12',
      expiryYear: String(new Date().getUTCFullYear() + 2),
    });
    const charge = await post(
      '/v1/charges',
      { token, amount: 3600 },
      { authorization: `Bearer ${env.SANDBOX_SECRET_KEY}`, 'idempotency-key': 'production-check' },
    );
    checks.push(['the sandbox approves a test card charged with its key', charge.status === 'approved']);
    sandbox.kill('SIGTERM');
    checks.push(['SIGTERM ends the sandbox with exit code 0', (await exited) === 0]);
  } finally {
    if (sandbox.exitCode === null) sandbox.kill('SIGKILL');
  }
  return checks;
}

/**
 * The build as production runs it: `node server/dist/migrate.js`, then `NODE_ENV=production node
 * server/dist/main.js` on a new PostgreSQL database (production refuses PGlite) with its own secrets
 * and public addresses (production refuses localhost ones; nothing fetches them as it starts), probed
 * on 127.0.0.1: the health check, the shell page and the runtime config must answer, and SIGTERM must
 * end it with 0. Then the payment sandbox from server/dist, as a staging site runs it.
 */
async function productionServer() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('Skipped: the production server check needs PostgreSQL (set DATABASE_URL).');
    return true;
  }
  try {
    await build();
  } catch (error) {
    console.error(error.message);
    return count(0, 1);
  }
  const name = `fu_prod_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const port = await freePort();
  const secret = () => randomBytes(24).toString('hex');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: 'https://fundraising.example.org',
    PAYMENT_GATEWAY_URL: 'https://payments.example.org',
    ...Object.fromEntries(
      Object.entries(remotes).map(([remote, { urlEnv }]) => [urlEnv, `https://cdn.example.org/${remote}/${entryFile}`]),
    ),
    RECEIPT_SECRET: secret(),
    SANDBOX_SECRET_KEY: secret(),
    ADMIN_API_TOKEN: secret(),
    EMAIL_FROM: 'Fundraising check <receipts@fundraising.example.org>',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  const checks = [];
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  let server;
  try {
    const migrate = await run(process.execPath, [path.join(root, 'server', 'dist', 'migrate.js')], { env });
    checks.push(['npm run migrate (server/dist/migrate.js)', migrate.code === 0]);
    checks.push(...(await refusesUnsupportedNode(env)));
    server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
    const origin = `http://127.0.0.1:${port}`;
    const get = (route) => fetch(origin + route).catch(() => undefined);
    const deadline = Date.now() + 15_000;
    let health;
    while (Date.now() < deadline && server.exitCode === null && !(health = await get('/api/health'))?.ok) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    checks.push(['GET /api/health', Boolean(health?.ok)]);
    const page = await get('/');
    checks.push(['GET / serves the shell page', Boolean(page?.ok) && /<html/i.test(await page.text())]);
    const config = await get('/runtime-config.json');
    const remoteUrls = config?.ok ? (await config.json()).remotes : undefined;
    checks.push(['GET /runtime-config.json', typeof remoteUrls === 'object']);
    checks.push([
      'the runtime config names the configured remote URLs',
      Boolean(config?.ok) && remoteUrls?.checkout === env.REMOTE_CHECKOUT_URL,
    ]);
    server.kill('SIGTERM');
    checks.push(['SIGTERM ends it with exit code 0', (await exited) === 0]);
    checks.push(...(await productionSandbox(env)));
  } finally {
    if (server?.exitCode === null) server.kill('SIGKILL');
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  for (const [check, ok] of checks) console.log(`  ${ok ? '✔' : '✖'} ${check}`);
  return count(checks.filter(([, ok]) => ok).length, checks.filter(([, ok]) => !ok).length);
}

async function e2e() {
  await build();
  if ((await run('bash', [path.join(root, 'scripts', 'ensure-chromium.sh')])).code !== 0) return false;
  const reportFile = path.join(results, 'e2e.json');
  rmSync(reportFile, { force: true });
  const { code } = await run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
  if (!existsSync(reportFile)) return count(0, 1);
  const { stats } = JSON.parse(readFileSync(reportFile, 'utf8'));
  return count(stats.expected + stats.flaky, stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0));
}

/**
 * Another `node` on PATH than the one running this (the machine's own, say), when it is one the server
 * does not support: then `node server/dist/main.js` on it must stop at once with the sentence naming
 * the supported versions (server/src/platform/config/nodeVersion.ts), not crash inside a dependency.
 */
function unsupportedSystemNode() {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(folder, 'node');
    if (!folder || folder.includes('node_modules') || !existsSync(candidate)) continue;
    const version = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim();
    const [major, minor] = (version ?? '').split('.').map(Number);
    if (
      major &&
      realpathSync(candidate) !== realpathSync(process.execPath) &&
      (major < 22 || (major === 22 && minor < 13) || major === 23)
    ) {
      return { path: candidate, version };
    }
  }
  return undefined;
}

async function refusesUnsupportedNode(env) {
  const other = unsupportedSystemNode();
  if (!other) {
    console.log(
      '  (no unsupported Node.js on PATH: the refusal of one is checked by server/test/nodeVersion.test.ts only)',
    );
    return [];
  }
  const result = spawnSync(other.path, [path.join(root, 'server', 'dist', 'main.js')], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  return [
    [
      `node server/dist/main.js on Node.js ${other.version} (${other.path}) stops at once with the supported versions`,
      result.status === 1 &&
        /runs on Node\.js 22 \(22\.13 or later\) or 24/.test(result.stderr) &&
        !/\n\s+at /.test(result.stderr),
    ],
  ];
}

mkdirSync(results, { recursive: true });
console.log(`Tests run on Node.js ${process.versions.node} (${process.execPath}).`);
if (!only || only === 'lint') await step('lint', lint);
if (!only || only === 'typecheck') await step('typecheck', typecheck);
if (!only || only === 'unit') await step('unit and component tests (jest)', jest);
const serverStepName = process.env.DATABASE_URL ? 'server tests on PGlite and PostgreSQL' : 'server tests on PGlite';
if (only === 'server') await step(serverStepName, serverTests);
if (!only || only === 'e2e' || only === 'production') {
  await step('production server from server/dist', productionServer);
}
if (only === 'e2e') await step('e2e in Chromium', e2e);
if (!only) await step(`${serverStepName}, beside the e2e in Chromium`, serverTestsBesideE2e);

if (brokenStep && totals.failed === 0) totals.failed = 1;
console.log('\nWhere the time went:');
for (const [name, ms] of timings) console.log(`  ${minutes(ms).padStart(12)}  ${name}`);
console.log(brokenStep ? `\nStopped at: ${brokenStep}` : '\nAll steps passed.');
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(brokenStep ? 1 : 0);
