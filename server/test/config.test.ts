import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  ConfigError,
  configWarnings,
  loadConfig,
  repoRoot,
  testConfig,
  type Config,
} from '../src/platform/config/config';
import { renderEnvExample, withConfigTable, WRITE_COMMAND } from '../src/platform/config/env/document';
import { DEMO_ORGANIZATION, variables } from '../src/platform/config/env/schema';
import { DEVELOPMENT_SECRETS } from '../src/platform/config/productionSecrets';

/** Made-up secrets of 64 characters, as `openssl rand -hex 32` prints them. */
const SECRETS = {
  RECEIPT_SECRET: 'a'.repeat(32) + '0123456789abcdef0123456789abcdef',
  SANDBOX_SECRET_KEY: 'b'.repeat(32) + '0123456789abcdef0123456789abcdef',
  ADMIN_API_TOKEN: 'c'.repeat(32) + '0123456789abcdef0123456789abcdef',
};
/** Where production sends browsers: public hosts, never this machine (productionUrls.ts). */
const URLS = {
  PUBLIC_URL: 'https://fundraising.example.org',
  PAYMENT_GATEWAY_URL: 'https://payments.example.org',
  REMOTE_ORDERING_URL: 'https://cdn.example.org/ordering/remoteEntry.js',
  REMOTE_CHECKOUT_URL: 'https://cdn.example.org/checkout/remoteEntry.js',
  REMOTE_TICKETS_URL: 'https://cdn.example.org/tickets/remoteEntry.js',
  REMOTE_FUNDRAISER_URL: 'https://cdn.example.org/fundraiser/remoteEntry.js',
};
/** A production environment that keeps every rule; nothing connects to its database. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://fu@db.invalid:5432/fu',
  EMAIL_FROM: 'Springfield Fundraising <receipts@springfield-school.org>',
  ...SECRETS,
  ...URLS,
};

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

describe('configuration schema: values', () => {
  it('refuses a value of the wrong type with one sentence naming the variable and what it accepts', () => {
    assert.deepEqual(problems({ PORT: 'abc' }), ['PORT must be a whole number from 0 to 65535; it is "abc".']);
    assert.deepEqual(problems({ PORT: '70000' }), ['PORT must be a whole number from 0 to 65535; it is "70000".']);
    assert.deepEqual(problems({ GATEWAY_TIMEOUT_MS: '1.5' }), [
      'GATEWAY_TIMEOUT_MS must be a whole number from 1 to 600000; it is "1.5".',
    ]);
    assert.deepEqual(problems({ RATE_LIMIT_PROCESS: '0' }), [
      'RATE_LIMIT_PROCESS must be a whole number of at least 1; it is "0".',
    ]);
    assert.deepEqual(problems({ SEED_DEMO: 'yes' }), ['SEED_DEMO must be true or false; it is "yes".']);
    assert.deepEqual(problems({ LOG_LEVEL: 'loud' }), [
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; it is "loud".',
    ]);
    assert.deepEqual(problems({ NODE_ENV: 'prod' }), [
      'NODE_ENV must be one of production, development, test; it is "prod".',
    ]);
    assert.deepEqual(problems({ PUBLIC_URL: 'fundraising.example.org' }), [
      'PUBLIC_URL must be a URL starting with http:// or https://; it is "fundraising.example.org".',
    ]);
    assert.deepEqual(problems({ REMOTE_CHECKOUT_URL: 'ftp://cdn.example/remoteEntry.js' }), [
      'REMOTE_CHECKOUT_URL must be a URL starting with http:// or https://; it is "ftp://cdn.example/remoteEntry.js".',
    ]);
  });

  it('reports every refused variable in one error, in the order of the schema', () => {
    assert.throws(
      () => loadConfig({ SEED_DEMO: 'yes', PORT: 'abc', TICKET_LINK_MINUTES: '-5' }),
      (error: Error) => {
        assert.ok(error instanceof ConfigError);
        assert.deepEqual(
          error.problems.map((problem) => problem.split(' ')[0]),
          ['PORT', 'SEED_DEMO', 'TICKET_LINK_MINUTES'],
        );
        assert.match(error.message, /^The server will not start; fix these environment variables/);
        assert.match(error.message, /\n {2}- PORT must be a whole number/);
        return true;
      },
    );
  });

  it('never prints a value that may hold a password', () => {
    const found = problems({
      DATABASE_URL: 'mysql://fu:hunter2@db/fu',
      REDIS_URL: 'http://:hunter2@redis',
      SMS_HTTP_URL: 'sms.example/?key=hunter2',
    });
    assert.deepEqual(found, [
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://; its value is not shown here.',
      'REDIS_URL must be a URL starting with redis:// or rediss://; its value is not shown here.',
      'SMS_HTTP_URL must be a URL starting with http:// or https://; its value is not shown here.',
    ]);
  });

  it('takes a PostgreSQL URL with a host or, as pg does for a Unix socket, without one', () => {
    for (const databaseUrl of [
      'postgres://fu:secret@db.internal:5432/fu',
      'postgresql:///fu?host=/var/run/postgresql',
      'postgres://fu@/fu?host=/tmp',
      'postgres:///fu',
    ]) {
      assert.equal(loadConfig({ DATABASE_URL: databaseUrl }).databaseUrl, databaseUrl);
    }
    for (const refused of ['postgres://', 'postgres:/fu', 'mysql:///fu?host=/tmp', '/var/run/postgresql']) {
      assert.deepEqual(problems({ DATABASE_URL: refused }), [
        'DATABASE_URL must be a URL starting with postgres:// or postgresql://; its value is not shown here.',
      ]);
    }
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses and ranges, and nothing that trusts everyone', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy, [
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    assert.deepEqual(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy, ['loopback', 'uniquelocal']);
    for (const refused of ['true', '10.0.0.0/33', '10.0.0.0/8,proxy.internal', '::1/129', '1.2.3', '1000']) {
      assert.deepEqual(
        problems({ TRUST_PROXY: refused }).map((problem) => problem.split(';')[0]),
        [
          'TRUST_PROXY must be a number of proxy hops (0 to 100) or a comma-separated list of proxy addresses ' +
            'or CIDR ranges (or loopback, linklocal, uniquelocal)',
        ],
        refused,
      );
    }
  });

  it('takes booleans as true or false only', () => {
    assert.equal(loadConfig({ SEED_DEMO: 'false' }).seedDemo, false);
    assert.equal(loadConfig({ SEED_DEMO: 'true' }).seedDemo, true);
    assert.equal(loadConfig({ LOG_REQUESTS: 'true', MIGRATE_ON_START: 'false' }).logRequests, true);
    assert.equal(problems({ MIGRATE_ON_START: '0' }).length, 1);
    assert.equal(problems({ LOG_REQUESTS: 'TRUE' }).length, 1);
  });
});

describe('configuration schema: defaults', () => {
  it('gives a laptop the configuration it had before the schema', () => {
    const expected: Config = {
      port: 8080,
      host: 'localhost',
      publicUrl: 'http://localhost:8080',
      dataDir: path.join(repoRoot, 'data', 'pglite'),
      databaseUrl: undefined,
      seedDemo: true,
      adminApiToken: undefined,
      adminBaseUrl: 'https://admin.fundraisinguniversity.com',
      storage: { uploadDir: path.join(repoRoot, 'data', 'uploads'), s3: undefined },
      gatewayUrl: 'http://localhost:8085',
      gatewaySecretKey: DEVELOPMENT_SECRETS.SANDBOX_SECRET_KEY,
      gatewayTimeoutMs: 15_000,
      paymentRecoverySeconds: 60,
      receiptSecret: DEVELOPMENT_SECRETS.RECEIPT_SECRET,
      organization: { ...DEMO_ORGANIZATION },
      coverFees: { percentBasisPoints: 290, fixedCents: 30 },
      remotes: {
        ordering: 'http://localhost:8081/remoteEntry.js',
        checkout: 'http://localhost:8082/remoteEntry.js',
        tickets: 'http://localhost:8083/remoteEntry.js',
        fundraiser: 'http://localhost:8084/remoteEntry.js',
      },
      shellDist: path.join(repoRoot, 'shell', 'dist'),
      publicDir: path.join(repoRoot, 'server', 'public'),
      logLevel: 'info',
      production: false,
      sms: { httpUrl: undefined, token: undefined, from: undefined, inboundSecret: undefined },
      smsDailyCap: 5000,
      email: { smtpUrl: undefined, from: 'Fundraising University <receipts@localhost>' },
      reminderIntervalMinutes: 15,
      ticketLinkMinutes: 30,
      ticketShareLinkDays: 7,
      redeemRepeatWarningMinutes: 30,
      firstScreenBudgetMs: 200,
      lookupCacheSeconds: 10,
      rateLimits: {
        tokenizePerMinute: 20,
        processPerMinute: 20,
        smsPerMinute: 5,
        smsInboundPerMinute: 300,
        logPerMinute: 60,
        smsPerPhonePerDay: 5,
        newPagesPerPhonePerDay: 3,
        newPagesPerHour: 10,
        phoneLookupsPerPhonePerDay: 3,
        phoneLookupsPerMinute: 5,
        phoneConfirmPerMinute: 20,
        parentConsentLinksPerDay: 10,
        ticketActivationPerMinute: 20,
        receiptLookupPerMinute: 10,
        studentMatchPerMinute: 10,
        studentMatchPerTeamPerHour: 120,
        emailsPerAddressPerDay: 5,
        emailsPerStudentPerDay: 25,
      },
      redisUrl: undefined,
      redisKeyPrefix: 'fu:',
      trustProxy: false,
      metricsToken: undefined,
      migrateOnStart: true,
      smsRetry: { intervalSeconds: 60, maxAttempts: 5, firstDelaySeconds: 60, leaseSeconds: 60 },
      logRequests: false,
      shutdownTimeoutSeconds: 30,
      browserLogs: { retentionDays: 14, maxRows: 100_000, pruneIntervalMinutes: 10 },
      retention: {
        studentMonths: 6,
        privatePageDays: 30,
        supporterMonths: 84,
        unpaidOrderDays: 30,
        messageDays: 30,
        consentMonths: 48,
        intervalMinutes: 60,
      },
    };
    assert.deepEqual(loadConfig({}), expected);
    // Empty is unset: the launchers pass DATABASE_URL='' for "the embedded database".
    assert.deepEqual(
      loadConfig({ PORT: '', DATABASE_URL: '', SEED_DEMO: '', REMINDER_INTERVAL_MINUTES: '' }),
      expected,
    );
  });

  it('computes the defaults that follow other variables', () => {
    const config = loadConfig({ PORT: '9000', GATEWAY_PORT: '9005', CHECKOUT_PORT: '9002' });
    assert.equal(config.publicUrl, 'http://localhost:9000');
    assert.equal(config.gatewayUrl, 'http://localhost:9005');
    assert.equal(config.remotes.checkout, 'http://localhost:9002/remoteEntry.js');
    assert.equal(config.remotes.ordering, 'http://localhost:8081/remoteEntry.js');
    assert.deepEqual(loadConfig({ S3_BUCKET: 'pictures', AWS_REGION: 'eu-west-1' }).storage.s3, {
      bucket: 'pictures',
      endpoint: undefined,
      region: 'eu-west-1',
      publicUrl: undefined,
    });
    assert.equal(
      loadConfig({ S3_BUCKET: 'p', S3_REGION: 'us-west-2', AWS_REGION: 'eu-west-1' }).storage.s3?.region,
      'us-west-2',
    );
  });

  it('switches the production defaults: no demo data, migrations as a step, request logs', () => {
    const config = loadConfig(PRODUCTION);
    assert.equal(config.production, true);
    assert.equal(config.seedDemo, false);
    assert.equal(config.migrateOnStart, false);
    assert.equal(config.logRequests, true);
    assert.equal(loadConfig({ ...PRODUCTION, MIGRATE_ON_START: 'true' }).migrateOnStart, true);
  });

  it('leaves testConfig its in-memory, quiet shape', () => {
    const config = testConfig({ lookupCacheSeconds: 0 });
    assert.equal(config.port, 0);
    assert.equal(config.dataDir, '');
    assert.equal(config.seedDemo, false);
    assert.equal(config.logLevel, 'silent');
    assert.equal(config.lookupCacheSeconds, 0);
  });

  it('documents every variable: a group and one line', () => {
    for (const [name, schema] of variables()) {
      assert.match(name, /^[A-Z][A-Z0-9_]*$/);
      assert.ok(schema.group, `${name} has no group`);
      assert.match(schema.description, /^\S.*\.$/, `${name}: one sentence`);
      assert.doesNotMatch(schema.description, /\n/, name);
    }
  });
});

describe('configuration schema: production rules', () => {
  it('refuses the demo database, the demo data and default secrets, all in one error', () => {
    assert.deepEqual(problems({ NODE_ENV: 'production', SEED_DEMO: 'true', ...URLS }), [
      'DATABASE_URL is not set: production runs on PostgreSQL (the embedded PGlite is for the demo).',
      'SEED_DEMO is true: production never loads the demo data.',
      'RECEIPT_SECRET is not set, or set to its public development default.',
      'SANDBOX_SECRET_KEY is not set, or set to its public development default.',
      'ADMIN_API_TOKEN is not set.',
      "EMAIL_FROM is not set, or is the development default or another address at localhost: production sends e-mail from the site's own address, e.g. `Springfield Fundraising <receipts@springfield-school.org>`.",
    ]);
    assert.deepEqual(problems({ ...PRODUCTION, SEED_DEMO: 'true' }), [
      'SEED_DEMO is true: production never loads the demo data.',
    ]);
  });

  it('reports refused values and broken rules together, each variable once', () => {
    assert.deepEqual(problems({ ...PRODUCTION, PORT: 'abc', DATABASE_URL: 'mysql://db/fu', RECEIPT_SECRET: '' }), [
      'PORT must be a whole number from 0 to 65535; it is "abc".',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://; its value is not shown here.',
      'RECEIPT_SECRET is not set, or set to its public development default.',
    ]);
  });

  it('refuses two settings that hold the same secret, naming both and never the value', () => {
    const { RECEIPT_SECRET, SANDBOX_SECRET_KEY, ADMIN_API_TOKEN } = SECRETS;
    const sameAs = (one: string, other: string) =>
      `${one} is the same as ${other}: give each secret a value of its own.`;
    for (const [env, expected] of [
      [{ RECEIPT_SECRET: ADMIN_API_TOKEN }, [sameAs('RECEIPT_SECRET', 'ADMIN_API_TOKEN')]],
      [{ SANDBOX_SECRET_KEY: RECEIPT_SECRET }, [sameAs('RECEIPT_SECRET', 'SANDBOX_SECRET_KEY')]],
      [{ ADMIN_API_TOKEN: SANDBOX_SECRET_KEY }, [sameAs('SANDBOX_SECRET_KEY', 'ADMIN_API_TOKEN')]],
      [{ METRICS_TOKEN: ADMIN_API_TOKEN }, [sameAs('ADMIN_API_TOKEN', 'METRICS_TOKEN')]],
      [
        { SANDBOX_SECRET_KEY: RECEIPT_SECRET, ADMIN_API_TOKEN: RECEIPT_SECRET },
        [
          sameAs('RECEIPT_SECRET', 'SANDBOX_SECRET_KEY'),
          sameAs('RECEIPT_SECRET', 'ADMIN_API_TOKEN'),
          sameAs('SANDBOX_SECRET_KEY', 'ADMIN_API_TOKEN'),
        ],
      ],
      // Settings that hold someone else's secret: the SMS provider's token, a connection's password.
      [
        {
          SMS_HTTP_URL: 'https://sms.example.org/send',
          SMS_HTTP_TOKEN: ADMIN_API_TOKEN,
          SMS_INBOUND_SECRET: `${RECEIPT_SECRET}-inbound`,
        },
        [sameAs('ADMIN_API_TOKEN', 'SMS_HTTP_TOKEN')],
      ],
      // The provider signs the texts phones send us with a secret of its own (issue 34).
      [
        { SMS_HTTP_URL: 'https://sms.example.org/send', SMS_INBOUND_SECRET: SANDBOX_SECRET_KEY },
        [sameAs('SANDBOX_SECRET_KEY', 'SMS_INBOUND_SECRET')],
      ],
      [{ SMS_HTTP_URL: 'https://sms.example.org/send' }, ['SMS_INBOUND_SECRET is not set.']],
      [
        {
          DATABASE_URL: `postgres://fu:${encodeURIComponent(`${RECEIPT_SECRET}/`)}@db.invalid:5432/fu`,
          RECEIPT_SECRET: `${RECEIPT_SECRET}/`,
        },
        [sameAs('RECEIPT_SECRET', 'the password in DATABASE_URL')],
      ],
      [
        { REDIS_URL: `redis://:${SANDBOX_SECRET_KEY}@cache.invalid:6379` },
        [sameAs('SANDBOX_SECRET_KEY', 'the password in REDIS_URL')],
      ],
      [
        { SMTP_URL: `smtp://mailer:${ADMIN_API_TOKEN}@smtp.invalid:587` },
        [sameAs('ADMIN_API_TOKEN', 'the password in SMTP_URL')],
      ],
    ] as const) {
      const found = problems({ ...PRODUCTION, ...env });
      assert.deepEqual(found, expected, JSON.stringify(env));
      for (const value of Object.values(SECRETS)) assert.ok(!found.join('\n').includes(value), 'no value is printed');
    }
    // A secret refused already (too short) is not compared as well; settings of others may share one.
    assert.deepEqual(problems({ ...PRODUCTION, RECEIPT_SECRET: 'short', ADMIN_API_TOKEN: 'short' }), [
      'RECEIPT_SECRET is shorter than 32 characters.',
      'ADMIN_API_TOKEN is shorter than 32 characters.',
    ]);
    const password = 'd'.repeat(40);
    assert.deepEqual(
      problems({
        ...PRODUCTION,
        DATABASE_URL: `postgres://fu:${password}@db.invalid:5432/fu`,
        REDIS_URL: `redis://:${password}@cache.invalid:6379`,
      }),
      [],
    );
  });

  it('holds the import script (no secrets) to PostgreSQL and no demo data', () => {
    const noSecrets = { NODE_ENV: 'production', DATABASE_URL: PRODUCTION.DATABASE_URL };
    assert.deepEqual(problems(noSecrets, { requireProductionSecrets: false }), []);
    assert.deepEqual(problems({ ...noSecrets, SEED_DEMO: 'true' }, { requireProductionSecrets: false }), [
      'SEED_DEMO is true: production never loads the demo data.',
    ]);
  });

  it('warns outside production of two settings that hold the same secret', () => {
    assert.deepEqual(configWarnings(loadConfig({ ADMIN_API_TOKEN: 'local-receipt-secret' })), [
      'RECEIPT_SECRET is the same as ADMIN_API_TOKEN: give each secret a value of its own.',
    ]);
    assert.deepEqual(configWarnings(loadConfig({ ADMIN_API_TOKEN: 'dev-admin', METRICS_TOKEN: 'dev-admin' })), [
      'ADMIN_API_TOKEN is the same as METRICS_TOKEN: give each secret a value of its own.',
    ]);
    assert.deepEqual(configWarnings(loadConfig({ ADMIN_API_TOKEN: 'dev-admin', METRICS_TOKEN: 'dev-metrics' })), []);
  });

  it('warns, without refusing, about what several instances and donation receipts need', () => {
    assert.deepEqual(configWarnings(loadConfig({})), []);
    const warnings = configWarnings(loadConfig(PRODUCTION));
    assert.deepEqual(
      warnings.map((warning) => warning.split(' ')[0]),
      ['REDIS_URL', 'TRUST_PROXY', 'METRICS_TOKEN', 'ORG_LEGAL_NAME', 'ORG_TAX_ID'],
    );
    assert.match(warnings[0]!, /rate limits are per instance/);
    assert.match(warnings[2]!, /\/metrics is off/);
    assert.match(warnings[4]!, /no tax id/);
    const complete = {
      ...PRODUCTION,
      REDIS_URL: 'redis://127.0.0.1:6379',
      TRUST_PROXY: '10.0.0.0/8',
      METRICS_TOKEN: 'd'.repeat(64),
      ORG_LEGAL_NAME: 'Lincoln Boosters, Inc.',
      ORG_TAX_ID: '12-3456789',
    };
    assert.deepEqual(configWarnings(loadConfig(complete)), []);
  });

  it('names a demo issuer outside production and none in production unless configured', () => {
    assert.deepEqual(loadConfig({}).organization, { ...DEMO_ORGANIZATION });
    assert.deepEqual(loadConfig(PRODUCTION).organization, { legalName: '', address: '', taxId: '', is501c3: true });
    assert.deepEqual(
      loadConfig({ ...PRODUCTION, ORG_LEGAL_NAME: 'Lincoln Boosters, Inc.', ORG_TAX_ID: '12-3456789' }).organization,
      { legalName: 'Lincoln Boosters, Inc.', address: '', taxId: '12-3456789', is501c3: true },
    );
  });

  it('takes ORG_IS_501C3=false for an issuer that is not a 501(c)(3) (issue 34), and refuses a value not a boolean', () => {
    assert.equal(loadConfig({ ORG_IS_501C3: 'false' }).organization.is501c3, false);
    assert.equal(loadConfig({ ORG_IS_501C3: 'true' }).organization.is501c3, true);
    assert.equal(problems({ ORG_IS_501C3: 'maybe' }).length, 1);
  });

  it('reads the cover-the-fees rate, 2.9% + $0.30 unless set, and refuses one out of range', () => {
    assert.deepEqual(loadConfig({}).coverFees, { percentBasisPoints: 290, fixedCents: 30 });
    assert.deepEqual(loadConfig({ COVER_FEES_PERCENT_BASIS_POINTS: '0', COVER_FEES_FIXED_CENTS: '0' }).coverFees, {
      percentBasisPoints: 0,
      fixedCents: 0,
    });
    assert.deepEqual(problems({ COVER_FEES_PERCENT_BASIS_POINTS: '2001', COVER_FEES_FIXED_CENTS: '-1' }), [
      'COVER_FEES_PERCENT_BASIS_POINTS must be a whole number from 0 to 2000; it is "2001".',
      'COVER_FEES_FIXED_CENTS must be a whole number from 0 to 500; it is "-1".',
    ]);
  });
});

describe('configuration schema: generated files', () => {
  const stale = `is not what the schema gives: run \`${WRITE_COMMAND}\` and commit the result.`;

  it('.env.example is generated from the schema, secrets commented out with how to make one', () => {
    const committed = readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
    assert.equal(committed, renderEnvExample(), `.env.example ${stale}`);
    for (const [name, schema] of variables()) {
      assert.match(committed, new RegExp(`^# ${name}=`, 'm'), name);
      if (schema.secret) assert.match(committed, new RegExp(`openssl rand -hex 32\\.\\n# ${name}=\\n`), name);
    }
    assert.doesNotMatch(committed, /^[A-Z_]+=/m, 'every line is commented out');
  });

  it("docs/configuration.md's variables table is generated from the schema", () => {
    const committed = readFileSync(path.join(repoRoot, 'docs', 'configuration.md'), 'utf8');
    assert.equal(committed, withConfigTable(committed), `docs/configuration.md ${stale}`);
    for (const [name] of variables()) assert.match(committed, new RegExp(`^\\| \`${name}\` +\\|`, 'm'), name);
  });

  it('no server module reads process.env besides the config (the sandbox and scripts are tools of their own)', () => {
    const own = ['platform/config/config.ts', 'serve-remote.ts'];
    const tools = ['payments/sandbox', 'scripts'];
    const offenders: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        const relative = path.relative(path.join(repoRoot, 'server', 'src'), file);
        if (entry.isDirectory()) {
          if (!tools.includes(relative)) walk(file);
        } else if (entry.name.endsWith('.ts') && !own.includes(relative)) {
          if (/process\.env\b/.test(readFileSync(file, 'utf8'))) offenders.push(relative);
        }
      }
    };
    walk(path.join(repoRoot, 'server', 'src'));
    assert.deepEqual(
      offenders,
      [],
      'add the variable to server/src/platform/config/env/schema.ts and read it from Config',
    );
  });
});

describe('a start with a bad configuration', () => {
  /** `node --import tsx server/src/main.ts` with `env` added; it must exit before it opens a database. */
  const start = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('a production start with a default secret exits non-zero naming it, without a stack trace', () => {
    const run = start({ ...PRODUCTION, RECEIPT_SECRET: '' });
    assert.equal(run.signal, null, 'it exits by itself, before it connects anywhere');
    assert.notEqual(run.status, 0, run.stderr);
    assert.match(run.stderr, /^The server will not start/);
    assert.match(run.stderr, /- RECEIPT_SECRET is not set, or set to its public development default\./);
    assert.doesNotMatch(run.stderr, /SANDBOX_SECRET_KEY|ADMIN_API_TOKEN|DATABASE_URL/);
    assert.doesNotMatch(run.stderr, /^\s+at /m);
  });

  it('a start with PORT=abc exits non-zero naming PORT', () => {
    const run = start({ PORT: 'abc', DATABASE_URL: '' });
    assert.notEqual(run.status, 0, run.stderr);
    assert.match(run.stderr, /- PORT must be a whole number from 0 to 65535; it is "abc"\./);
  });
});
