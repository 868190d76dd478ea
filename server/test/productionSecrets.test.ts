import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, TEST_ADMIN_TOKEN } from '../src/platform/config/config';
import {
  DEVELOPMENT_SECRETS,
  emailFromProblem,
  productionProblems,
  secretProblems,
} from '../src/platform/config/productionSecrets';

/** A PostgreSQL URL: loadConfig only checks it, nothing connects. */
const DATABASE_URL = 'postgres://fundraising@db.invalid:5432/fundraising';

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
/** The site's own e-mail sender. */
const EMAIL_FROM = 'Springfield Fundraising <receipts@springfield-school.org>';
const email = { from: EMAIL_FROM };
/** Where production sends browsers: public hosts (productionUrls.test.ts has that rule). */
const URLS = {
  PUBLIC_URL: 'https://fundraising.example.org',
  PAYMENT_GATEWAY_URL: 'https://payments.example.org',
  REMOTE_ORDERING_URL: 'https://cdn.example.org/ordering/remoteEntry.js',
  REMOTE_CHECKOUT_URL: 'https://cdn.example.org/checkout/remoteEntry.js',
  REMOTE_TICKETS_URL: 'https://cdn.example.org/tickets/remoteEntry.js',
  REMOTE_FUNDRAISER_URL: 'https://cdn.example.org/fundraiser/remoteEntry.js',
};
/** The same addresses as the Config fields productionProblems reads. */
const addresses = {
  publicUrl: URLS.PUBLIC_URL,
  gatewayUrl: URLS.PAYMENT_GATEWAY_URL,
  remotes: {
    ordering: URLS.REMOTE_ORDERING_URL,
    checkout: URLS.REMOTE_CHECKOUT_URL,
    tickets: URLS.REMOTE_TICKETS_URL,
    fundraiser: URLS.REMOTE_FUNDRAISER_URL,
  },
};

describe('secretProblems', () => {
  it('finds nothing wrong with three long secrets of their own', () => {
    assert.deepEqual(secretProblems(good), []);
  });

  it('names every secret left at its default or missing', () => {
    assert.deepEqual(
      secretProblems(secrets(DEVELOPMENT_SECRETS.RECEIPT_SECRET, DEVELOPMENT_SECRETS.SANDBOX_SECRET_KEY)),
      [
        'RECEIPT_SECRET is not set, or set to its public development default.',
        'SANDBOX_SECRET_KEY is not set, or set to its public development default.',
        'ADMIN_API_TOKEN is not set.',
      ],
    );
    assert.deepEqual(secretProblems({ ...good, receiptSecret: '' }), ['RECEIPT_SECRET is not set.']);
  });

  it('refuses the example values this repository publishes', () => {
    for (const example of [
      TEST_ADMIN_TOKEN,
      'some-long-secret',
      'e2e-admin-token',
      DEVELOPMENT_SECRETS.RECEIPT_SECRET,
    ]) {
      assert.deepEqual(secretProblems({ ...good, adminApiToken: example }), [
        'ADMIN_API_TOKEN is an example value published in this repository.',
      ]);
    }
    assert.deepEqual(secretProblems({ ...good, receiptSecret: DEVELOPMENT_SECRETS.SANDBOX_SECRET_KEY }), [
      'RECEIPT_SECRET is an example value published in this repository.',
    ]);
  });

  it('needs at least 32 characters', () => {
    assert.deepEqual(secretProblems({ ...good, gatewaySecretKey: 'x'.repeat(31) }), [
      'SANDBOX_SECRET_KEY is shorter than 32 characters.',
    ]);
    assert.deepEqual(secretProblems({ ...good, gatewaySecretKey: 'x'.repeat(32) }), []);
  });

  it('lets METRICS_TOKEN stay unset (no metrics) but not be weak', () => {
    assert.deepEqual(secretProblems({ ...good, metricsToken: undefined }), []);
    assert.deepEqual(secretProblems({ ...good, metricsToken: 'metrics' }), [
      'METRICS_TOKEN is shorter than 32 characters.',
    ]);
    assert.deepEqual(secretProblems({ ...good, metricsToken: TEST_ADMIN_TOKEN }), [
      'METRICS_TOKEN is an example value published in this repository.',
    ]);
  });

  it('refuses a METRICS_TOKEN that is another secret: a scrape configuration must not carry admin power', () => {
    assert.deepEqual(secretProblems({ ...good, metricsToken: GOOD.ADMIN_API_TOKEN }), [
      'ADMIN_API_TOKEN is the same as METRICS_TOKEN: give each secret a value of its own.',
    ]);
    assert.deepEqual(secretProblems({ ...good, metricsToken: GOOD.RECEIPT_SECRET }), [
      'RECEIPT_SECRET is the same as METRICS_TOKEN: give each secret a value of its own.',
    ]);
    assert.deepEqual(secretProblems({ ...good, metricsToken: 'd'.repeat(64) }), []);
  });

  it('needs SMS_INBOUND_SECRET once texts go to a real SMS provider, whose webhook brings the STOPs (issue 34)', () => {
    const provider = { httpUrl: 'https://sms.example.net/send', token: 'e'.repeat(64) };
    assert.deepEqual(secretProblems({ ...good, sms: {} }), [], 'the outbox alone: no webhook to check');
    assert.deepEqual(secretProblems({ ...good, sms: provider }), ['SMS_INBOUND_SECRET is not set.']);
    assert.deepEqual(secretProblems({ ...good, sms: { ...provider, inboundSecret: 'short' } }), [
      'SMS_INBOUND_SECRET is shorter than 32 characters.',
    ]);
    assert.deepEqual(secretProblems({ ...good, sms: { ...provider, inboundSecret: 'f'.repeat(64) } }), []);
    assert.deepEqual(secretProblems({ ...good, sms: { ...provider, inboundSecret: provider.token } }), [
      'SMS_INBOUND_SECRET is the same as SMS_HTTP_TOKEN: give each secret a value of its own.',
    ]);
    assert.deepEqual(secretProblems({ ...good, sms: { ...provider, inboundSecret: GOOD.ADMIN_API_TOKEN } }), [
      'ADMIN_API_TOKEN is the same as SMS_INBOUND_SECRET: give each secret a value of its own.',
    ]);
  });
});

describe('productionProblems', () => {
  it('needs PostgreSQL and no demo data, besides the secrets', () => {
    assert.deepEqual(
      productionProblems({ ...good, ...addresses, email, databaseUrl: DATABASE_URL, seedDemo: false }),
      [],
    );
    assert.deepEqual(productionProblems({ ...good, ...addresses, email, databaseUrl: undefined, seedDemo: true }), [
      'DATABASE_URL is not set: production runs on PostgreSQL (the embedded PGlite is for the demo).',
      'SEED_DEMO is true: production never loads the demo data.',
    ]);
  });

  it('leaves the secrets out when asked (the import script uses none)', () => {
    const noSecrets = secrets('', '');
    assert.equal(
      productionProblems({ ...noSecrets, ...addresses, email, databaseUrl: DATABASE_URL, seedDemo: false }).length,
      3,
    );
    assert.deepEqual(
      productionProblems(
        { ...noSecrets, ...addresses, email, databaseUrl: DATABASE_URL, seedDemo: false },
        { secrets: false },
      ),
      [],
    );
  });
});

describe('the e-mail sender in production', () => {
  const refusal =
    "EMAIL_FROM is not set, or is the development default or another address at localhost: production sends e-mail from the site's own address, e.g. `Springfield Fundraising <receipts@springfield-school.org>`.";

  it("refuses the development default and any address that is not the site's own", () => {
    for (const from of ['Fundraising University <receipts@localhost>', 'receipts@LOCALHOST', 'Receipts']) {
      assert.equal(emailFromProblem(from), refusal, from);
    }
    for (const from of [EMAIL_FROM, 'receipts@springfield-school.org']) assert.equal(emailFromProblem(from), undefined);
  });

  it('is a rule of the running server: loadConfig names EMAIL_FROM, the import script does not need it', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', DATABASE_URL, ...GOOD, ...URLS }),
      (error: ConfigError) => {
        assert.deepEqual(error.problems, [refusal]);
        assert.match(error.message, /- EMAIL_FROM is not set/);
        return true;
      },
    );
    assert.equal(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL }, { requireProductionSecrets: false }).email.from,
      'Fundraising University <receipts@localhost>',
    );
    assert.equal(
      loadConfig({}).email.from,
      'Fundraising University <receipts@localhost>',
      'outside production it is the default',
    );
  });
});

describe('loadConfig in production', () => {
  it('throws one error naming each unfit variable', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', DATABASE_URL, ...URLS }),
      (error: Error) => {
        assert.ok(error instanceof ConfigError);
        for (const variable of ['RECEIPT_SECRET', 'SANDBOX_SECRET_KEY', 'ADMIN_API_TOKEN']) {
          assert.match(error.message, new RegExp(`- ${variable} is not set`));
        }
        assert.match(error.message, /^The server will not start/);
        assert.match(error.message, /at least 32 characters, e\.g\. from `openssl rand -hex 32`\.$/);
        return true;
      },
    );
    assert.throws(
      () =>
        loadConfig({ NODE_ENV: 'production', DATABASE_URL, EMAIL_FROM, ...URLS, ...GOOD, ADMIN_API_TOKEN: 'short' }),
      (error: ConfigError) => {
        assert.deepEqual(error.problems, ['ADMIN_API_TOKEN is shorter than 32 characters.']);
        return true;
      },
    );
    assert.throws(
      () =>
        loadConfig({
          NODE_ENV: 'production',
          DATABASE_URL,
          EMAIL_FROM,
          ...URLS,
          ...GOOD,
          METRICS_TOKEN: GOOD.ADMIN_API_TOKEN,
        }),
      (error: ConfigError) => {
        assert.deepEqual(error.problems, [
          'ADMIN_API_TOKEN is the same as METRICS_TOKEN: give each secret a value of its own.',
        ]);
        return true;
      },
    );
  });

  it('loads a complete production configuration', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL, EMAIL_FROM, ...URLS, ...GOOD });
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

  it('lets a caller that uses no secret (the import script) load it, on PostgreSQL only', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL }, { requireProductionSecrets: false });
    assert.equal(config.production, true);
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production' }, { requireProductionSecrets: false }),
      (error: ConfigError) => error.problems.length === 1 && error.problems[0]!.startsWith('DATABASE_URL is not set'),
    );
  });
});
