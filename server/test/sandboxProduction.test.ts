// The payment sandbox approves test cards and charges nobody: with NODE_ENV=production it starts
// only when SANDBOX_IN_PRODUCTION=true says a staging site means it, with a secret key of its own,
// and says loudly what it is. Started as a process, as `npm start` and a staging host start it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../src/platform/config/config';

const KEY = 'e'.repeat(32) + '0123456789abcdef0123456789abcdef';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * `node --import tsx server/src/payments/sandbox/main.ts` on a free port of 127.0.0.1 with `env` over ours,
 * and what became of it: it exited (with its code), or it answered on its port (then it is stopped
 * with SIGTERM, and its exit code is kept too). Its output either way.
 */
async function startSandbox(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('server', 'src', 'payments', 'sandbox', 'main.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, HOST: '127.0.0.1', GATEWAY_PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let answered = false;
  while (!answered && child.exitCode === null && Date.now() < deadline) {
    answered = await fetch(`${origin}/`).then(
      () => true,
      () => false,
    );
    if (!answered) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  return {
    origin,
    answered,
    /** Stops it if it runs; resolves to its exit code and output. */
    async end() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return { code: await exited, stderr };
    },
  };
}

/** A test card tokenised and charged at `origin` with `key`: the charge's answer. */
async function payOnce(origin: string, key: string) {
  const tokenized = await fetch(`${origin}/v1/card/tokenize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      holderName: 'Casey Morgan',
      cardNumber: '4111111111111111',
      cvv: '123',
      expiryMonth: '12',
      expiryYear: String(new Date().getUTCFullYear() + 2),
    }),
  });
  const { token } = (await tokenized.json()) as { token: string };
  const charged = await fetch(`${origin}/v1/charges`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': 'staging-1' },
    body: JSON.stringify({ token, amount: 3600 }),
  });
  return (await charged.json()) as { status: string; amount?: number };
}

describe('the payment sandbox in production', () => {
  it('refuses to start without SANDBOX_IN_PRODUCTION=true, saying why', async () => {
    const sandbox = await startSandbox({ NODE_ENV: 'production', SANDBOX_SECRET_KEY: KEY, SANDBOX_IN_PRODUCTION: '' });
    const { code, stderr } = await sandbox.end();
    assert.equal(sandbox.answered, false, 'it never listened');
    assert.equal(code, 1, stderr);
    assert.match(stderr, /^The payment sandbox will not start; fix these environment variables/);
    assert.match(
      stderr,
      /\n {2}- SANDBOX_IN_PRODUCTION is not true: the payment sandbox approves test cards and charges nobody/,
    );
    assert.doesNotMatch(stderr, /^\s+at /m);
  });

  it('refuses a key of its development default, or a value that is not true or false', async () => {
    const sandbox = await startSandbox({
      NODE_ENV: 'production',
      SANDBOX_IN_PRODUCTION: 'yes',
      SANDBOX_SECRET_KEY: '',
    });
    const { code, stderr } = await sandbox.end();
    assert.equal(sandbox.answered, false);
    assert.equal(code, 1, stderr);
    assert.match(stderr, /- SANDBOX_IN_PRODUCTION must be true or false; it is "yes"\./);
    assert.match(stderr, /- SANDBOX_SECRET_KEY is not set\./);
    assert.match(stderr, /openssl rand -hex 32/);
  });

  it('starts with SANDBOX_IN_PRODUCTION=true and its own key, warns, and takes a test card', async () => {
    const sandbox = await startSandbox({
      NODE_ENV: 'production',
      SANDBOX_IN_PRODUCTION: 'true',
      SANDBOX_SECRET_KEY: KEY,
    });
    try {
      assert.equal(sandbox.answered, true, 'it answers on its port');
      const charge = await payOnce(sandbox.origin, KEY);
      assert.deepEqual([charge.status, charge.amount], ['approved', 3600]);
    } finally {
      const { code, stderr } = await sandbox.end();
      assert.equal(code, 0, stderr);
      assert.match(stderr, /The payment sandbox is running with NODE_ENV=production \(SANDBOX_IN_PRODUCTION=true\)/);
    }
  });

  it('starts as before outside production, with its development key', async () => {
    const sandbox = await startSandbox({ NODE_ENV: '', SANDBOX_SECRET_KEY: '', SANDBOX_IN_PRODUCTION: '' });
    try {
      assert.equal(sandbox.answered, true);
      assert.equal((await payOnce(sandbox.origin, 'sk_sandbox_local')).status, 'approved');
    } finally {
      const { code, stderr } = await sandbox.end();
      assert.equal(code, 0, stderr);
      assert.doesNotMatch(stderr, /NODE_ENV=production/);
    }
  });
});
