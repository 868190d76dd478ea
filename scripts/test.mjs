// `npm test`: lint, typecheck, unit/component tests, server tests (PGlite, and PostgreSQL too when
// DATABASE_URL is set), then the Playwright e2e in Debian's Chromium against the production build.
// Ends with one line `N passed, N failed` summing every runner.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const totals = { passed: 0, failed: 0 };
let brokenStep;

function run(command, commandArgs, { env = process.env, capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      env,
      stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

async function step(name, fn) {
  if (brokenStep) return;
  console.log(`\n▶ ${name}`);
  const ok = await fn();
  if (!ok) {
    brokenStep = name;
    console.error(`✖ ${name} failed`);
  }
}

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

async function serverTests(databaseUrl) {
  const env = { ...process.env, DATABASE_URL: databaseUrl ?? '' };
  const { code, output } = await run('npm', ['test', '--workspace', 'server', '--silent'], { env, capture: true });
  const passed = Number(/(?:ℹ|#) pass (\d+)/.exec(output)?.[1] ?? 0);
  const failed = Number(/(?:ℹ|#) fail (\d+)/.exec(output)?.[1] ?? 0);
  return count(passed, failed + (code !== 0 && failed === 0 ? 1 : 0));
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

mkdirSync(results, { recursive: true });
if (!only || only === 'lint') await step('lint', lint);
if (!only || only === 'typecheck') await step('typecheck', typecheck);
if (!only || only === 'unit') await step('unit and component tests (jest)', jest);
if (!only || only === 'server') {
  await step('server tests on PGlite', () => serverTests(undefined));
  if (process.env.DATABASE_URL) await step('server tests on PostgreSQL', () => serverTests(process.env.DATABASE_URL));
}
if (!only || only === 'e2e') await step('e2e in Chromium', e2e);

if (brokenStep && totals.failed === 0) totals.failed = 1;
console.log(brokenStep ? `\nStopped at: ${brokenStep}` : '\nAll steps passed.');
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(brokenStep ? 1 : 0);
