// Production refuses to send browsers, texts and e-mails to this machine: PUBLIC_URL,
// PAYMENT_GATEWAY_URL and each REMOTE_<NAME>_URL must be set, and not at localhost or a loopback
// address (their development defaults are http://localhost:…).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { remotes } from '@fu/shared/remotes';
import { ConfigError, loadConfig, repoRoot } from '../src/platform/config/config';

/** A production environment that keeps every rule; nothing connects to its database. */
const SETTINGS = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://fu@db.invalid:5432/fu',
  EMAIL_FROM: 'Springfield Fundraising <receipts@springfield-school.org>',
  RECEIPT_SECRET: 'a'.repeat(32) + '0123456789abcdef0123456789abcdef',
  SANDBOX_SECRET_KEY: 'b'.repeat(32) + '0123456789abcdef0123456789abcdef',
  ADMIN_API_TOKEN: 'c'.repeat(32) + '0123456789abcdef0123456789abcdef',
};
/** The addresses production hands out, each on a public host. */
const URLS: Record<string, string> = {
  PUBLIC_URL: 'https://fundraising.example.org',
  PAYMENT_GATEWAY_URL: 'https://payments.example.org',
  ...Object.fromEntries(
    remotes.map((remote) => [remote.urlEnv, `https://cdn.example.org/${remote.name}/remoteEntry.js`]),
  ),
};
const URL_VARIABLES = Object.keys(URLS);

/** The problems loadConfig reports for `env` (none: it loaded). */
function problems(env: NodeJS.ProcessEnv, options?: Parameters<typeof loadConfig>[1]): string[] {
  try {
    loadConfig(env, options);
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.problems;
  }
}

/** The variables the problems name (each sentence starts with one). */
const named = (found: string[]) => found.map((problem) => problem.split(' ')[0]);

describe('production refuses addresses at this machine', () => {
  it('loads with every address on a public host', () => {
    const config = loadConfig({ ...SETTINGS, ...URLS });
    assert.equal(config.publicUrl, URLS.PUBLIC_URL);
    assert.equal(config.gatewayUrl, URLS.PAYMENT_GATEWAY_URL);
    assert.equal(config.remotes.checkout, URLS.REMOTE_CHECKOUT_URL);
  });

  it('names every address left unset: its default is localhost', () => {
    const found = problems(SETTINGS);
    assert.deepEqual(named(found), URL_VARIABLES);
    assert.equal(
      found[0],
      "PUBLIC_URL is not set, or is at localhost or a loopback address (http://localhost:8080): links in texts and e-mails start with it; set the site's public origin, e.g. `https://fundraising.example.org`.",
    );
    assert.match(found[1]!, /^PAYMENT_GATEWAY_URL is not set, or is at localhost .*\(http:\/\/localhost:8085\): /);
    assert.match(
      found[3]!,
      /^REMOTE_CHECKOUT_URL is not set, or is at localhost .*\(http:\/\/localhost:8082\/remoteEntry\.js\): browsers load the checkout pages from it/,
    );
  });

  it('refuses localhost, names under .localhost and loopback addresses, naming the variable', () => {
    for (const url of [
      'http://localhost:8080',
      'https://LOCALHOST.',
      'https://shop.localhost',
      'http://127.0.0.1:8080',
      'http://127.8.9.10',
      'http://127.1',
      'http://[::1]:8080',
      'http://[0:0:0:0:0:0:0:1]',
      'http://[::ffff:127.0.0.1]',
      'http://0.0.0.0:8080',
      'http://[::]',
    ]) {
      for (const variable of URL_VARIABLES) {
        const found = problems({ ...SETTINGS, ...URLS, [variable]: url });
        assert.equal(found.length, 1, `${variable}=${url}: ${found.join(' ')}`);
        assert.ok(found[0]!.startsWith(`${variable} is not set, or is at localhost or a loopback address (`), found[0]);
      }
    }
  });

  it('takes public and private-network hosts that merely look alike', () => {
    for (const url of [
      'https://localhost.example.org',
      'https://mylocalhost.org',
      'http://10.0.0.7:8080',
      'http://128.0.0.1',
      'http://[2001:db8::1]',
    ]) {
      assert.deepEqual(problems({ ...SETTINGS, ...URLS, PUBLIC_URL: url }), [], url);
    }
  });

  it('is a rule of the running server: migrations and the import script send nobody anywhere', () => {
    const script = { NODE_ENV: 'production', DATABASE_URL: SETTINGS.DATABASE_URL };
    assert.deepEqual(problems(script, { requireProductionSecrets: false }), []);
  });

  it('leaves development its localhost defaults', () => {
    assert.deepEqual(problems({}), []);
    assert.equal(loadConfig({}).publicUrl, 'http://localhost:8080');
  });

  it('stops a production start with a sentence for each address, without a stack trace', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...SETTINGS, ...URLS, PUBLIC_URL: 'http://127.0.0.1:8080', REMOTE_TICKETS_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.signal, null, 'it exits by itself, before it connects anywhere');
    assert.notEqual(run.status, 0, run.stderr);
    assert.match(run.stderr, /^The server will not start/);
    assert.match(
      run.stderr,
      /- PUBLIC_URL is not set, or is at localhost or a loopback address \(http:\/\/127\.0\.0\.1:8080\)/,
    );
    assert.match(run.stderr, /- REMOTE_TICKETS_URL is not set, or is at localhost or a loopback address/);
    assert.doesNotMatch(run.stderr, /PAYMENT_GATEWAY_URL|REMOTE_CHECKOUT_URL/);
    assert.doesNotMatch(run.stderr, /^\s+at /m);
  });
});
