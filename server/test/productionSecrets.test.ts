import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { loadConfig, repoRoot, TEST_ADMIN_TOKEN } from '../src/config';
import { DEVELOPMENT_SECRETS, productionProblems } from '../src/productionSecrets';

/** Three made-up secrets of 64 characters, as `openssl rand -hex 32` prints them. */
const GOOD = {
  RECEIPT_SECRET: 'a'.repeat(32) + '0123456789abcdef0123456789abcdef',
  SANDBOX_SECRET_KEY: 'b'.repeat(32) + '0123456789abcdef0123456789abcdef',
  ADMIN_API_TOKEN: 'c'.repeat(32) + '0123456789abcdef0123456789abcdef',
};
const secrets = (receiptSecret: string, gatewaySecretKey: string, adminApiToken?: string) => ({
  receiptSecret,
  gatewaySecretKey,
  adminApiToken,
});
const good = secrets(GOOD.RECEIPT_SECRET, GOOD.SANDBOX_SECRET_KEY, GOOD.ADMIN_API_TOKEN);

describe('productionProblems', () => {
  it('finds nothing wrong with three long secrets of their own', () => {
    assert.deepEqual(productionProblems(good), []);
  });

  it('names every secret left at its default or missing', () => {
    assert.deepEqual(
      productionProblems(secrets(DEVELOPMENT_SECRETS.RECEIPT_SECRET, DEVELOPMENT_SECRETS.SANDBOX_SECRET_KEY)),
      [
        'RECEIPT_SECRET is not set, or set to its public development default.',
        'SANDBOX_SECRET_KEY is not set, or set to its public development default.',
        'ADMIN_API_TOKEN is not set.',
      ],
    );
    assert.deepEqual(productionProblems({ ...good, receiptSecret: '' }), ['RECEIPT_SECRET is not set.']);
  });

  it('refuses the example values this repository publishes', () => {
    for (const example of [
      TEST_ADMIN_TOKEN,
      'some-long-secret',
      'e2e-admin-token',
      DEVELOPMENT_SECRETS.RECEIPT_SECRET,
    ]) {
      assert.deepEqual(productionProblems({ ...good, adminApiToken: example }), [
        'ADMIN_API_TOKEN is an example value published in this repository.',
      ]);
    }
    assert.deepEqual(productionProblems({ ...good, receiptSecret: DEVELOPMENT_SECRETS.SANDBOX_SECRET_KEY }), [
      'RECEIPT_SECRET is an example value published in this repository.',
    ]);
  });

  it('needs at least 32 characters', () => {
    assert.deepEqual(productionProblems({ ...good, gatewaySecretKey: 'x'.repeat(31) }), [
      'SANDBOX_SECRET_KEY is shorter than 32 characters.',
    ]);
    assert.deepEqual(productionProblems({ ...good, gatewaySecretKey: 'x'.repeat(32) }), []);
  });
});

describe('loadConfig in production', () => {
  it('throws one error naming each unfit variable', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production' }),
      (error: Error) => {
        for (const variable of ['RECEIPT_SECRET', 'SANDBOX_SECRET_KEY', 'ADMIN_API_TOKEN']) {
          assert.match(error.message, new RegExp(`- ${variable} is not set`));
        }
        assert.match(error.message, /^NODE_ENV=production needs its own secrets/);
        assert.match(error.message, /at least 32 characters/);
        return true;
      },
    );
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', ...GOOD, ADMIN_API_TOKEN: 'short' }),
      (error: Error) =>
        /- ADMIN_API_TOKEN is shorter than 32 characters/.test(error.message) &&
        !/RECEIPT_SECRET|SANDBOX_SECRET_KEY/.test(error.message),
    );
  });

  it('loads a complete production configuration', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...GOOD });
    assert.equal(config.production, true);
    assert.equal(config.receiptSecret, GOOD.RECEIPT_SECRET);
    assert.equal(config.gatewaySecretKey, GOOD.SANDBOX_SECRET_KEY);
    assert.equal(config.adminApiToken, GOOD.ADMIN_API_TOKEN);
  });

  it('keeps the development defaults outside production', () => {
    const config = loadConfig({});
    assert.equal(config.production, false);
    assert.equal(config.receiptSecret, DEVELOPMENT_SECRETS.RECEIPT_SECRET);
    assert.equal(config.gatewaySecretKey, DEVELOPMENT_SECRETS.SANDBOX_SECRET_KEY);
    assert.equal(config.adminApiToken, undefined);
  });

  it('lets a caller that uses no secret (the import script) load it', () => {
    assert.equal(loadConfig({ NODE_ENV: 'production' }, { requireProductionSecrets: false }).production, true);
  });

  it('makes the API process print the sentence and exit 1, without a stack trace', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', RECEIPT_SECRET: '', SANDBOX_SECRET_KEY: '', ADMIN_API_TOKEN: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /^NODE_ENV=production needs its own secrets/);
    for (const variable of ['RECEIPT_SECRET', 'SANDBOX_SECRET_KEY', 'ADMIN_API_TOKEN']) {
      assert.match(run.stderr, new RegExp(variable));
    }
    assert.doesNotMatch(run.stderr, /^\s+at /m);
  });
});
