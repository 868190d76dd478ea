import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteEntryFile, remotes as remoteList, type RemoteName } from '@fu/shared/remotes';
import { DEFAULT_LOOKUP_CACHE_SECONDS } from './cache/lookupCache';
import { DEVELOPMENT_SECRETS, TEST_ADMIN_TOKEN, productionProblems, productionSecretsError } from './productionSecrets';

export { TEST_ADMIN_TOKEN };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Config {
  port: number;
  host: string;
  /** The origin supporters use; links in texts and receipts start with it. */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  /** Bearer token of api/Admin and api/AWSS3Controller; unset closes them (503). */
  adminApiToken?: string;
  /** The external admin app (the /Admin… redirects and GetBaseUrl). */
  adminBaseUrl: string;
  /** Uploaded pictures: S3 when `s3` is set, otherwise files in `uploadDir` served at /uploads/. */
  storage: { uploadDir: string; s3?: { bucket: string; endpoint?: string; region?: string; publicUrl?: string } };
  gatewayUrl: string;
  /** The gateway's secret key, used only by the server to charge tokens. */
  gatewaySecretKey: string;
  /** How long one request to the card gateway may take before it is given up. */
  gatewayTimeoutMs: number;
  /**
   * Seconds between payment recovery passes (card attempts whose answer was lost, e.g. to a crash);
   * the first runs at start. 0 turns recovery off (tests run it themselves).
   */
  paymentRecoverySeconds: number;
  /** Signs receipt links (changing it invalidates old links). Production needs its own, like every secret here. */
  receiptSecret: string;
  remotes: Record<RemoteName, string>;
  shellDist: string;
  publicDir: string;
  logLevel: string;
  /**
   * NODE_ENV=production: development-only pages (the SMS outbox) are off, source maps are not served,
   * and loadConfig refuses default, example or short secrets (productionSecrets.ts).
   */
  production: boolean;
  /** Texts go to SMS_HTTP_URL when set, otherwise only to the database outbox. */
  sms: { httpUrl?: string; token?: string; from?: string };
  /** Minutes between runs of the reminder texts job; 0 turns it off. */
  reminderIntervalMinutes: number;
  /** Minutes a texted ticket activation link stays valid. */
  ticketLinkMinutes: number;
  /** Seconds the public lookups (states, schools, fundraisers, items) are cached; 0 turns it off. */
  lookupCacheSeconds: number;
  /**
   * Request budgets for the abuse-prone routes (spec: card testing, SMS). Per client address per
   * minute (or hour), and the per-phone daily budgets, whoever asks (docs/security.md).
   */
  rateLimits: {
    tokenizePerMinute: number;
    processPerMinute: number;
    smsPerMinute: number;
    logPerMinute: number;
    /** Texts of every kind to one phone number per UTC day. */
    smsPerPhonePerDay: number;
    /** Student pages made for one phone number per UTC day, and per client address per hour. */
    newPagesPerPhonePerDay: number;
    newPagesPerHour: number;
    /** Phone-number lookups (which text the number its links) per number per day, per client per minute. */
    phoneLookupsPerPhonePerDay: number;
    phoneLookupsPerMinute: number;
    /** Confirmations of a texted phone code per client address per minute. */
    phoneConfirmPerMinute: number;
    ticketActivationPerMinute: number;
    /** Receipt lookups (order number + e-mail) per client address per minute, against guessing. */
    receiptLookupPerMinute: number;
  };
  /**
   * Several instances: with a Redis URL every per-client rate limit is counted in Redis, shared by
   * all instances (docs/operations.md); without it each process counts its own.
   */
  redisUrl?: string;
  /** Prefix of every Redis key this server writes (several sites or test runs on one Redis). */
  redisKeyPrefix: string;
  /**
   * Which proxies in front of the server to believe about the client's address (X-Forwarded-For):
   * false none, a number of hops, or a list of addresses/CIDR ranges of the proxies.
   */
  trustProxy: false | number | string[];
  /** Bearer token of GET /metrics. Production serves no metrics without one; elsewhere they are open. */
  metricsToken?: string;
  /**
   * Whether the server applies database migrations as it starts (under a lock, so several may).
   * Off in production by default: there `npm run migrate` is a deploy step and the server refuses
   * to start on a schema behind its code.
   */
  migrateOnStart: boolean;
  /** Texts the provider refused are tried again: first after `firstDelaySeconds`, doubling, `maxAttempts` in all. */
  smsRetry: { intervalSeconds: number; maxAttempts: number; firstDelaySeconds: number };
  /** One log line per request (id, method, route, status, time). */
  logRequests: boolean;
  /** How long a stopping server waits for requests and a running job before it exits anyway. */
  shutdownTimeoutSeconds: number;
}

/** Where the shell loads each remote from: its URL variable, else its entry on the port `npm start` serves it on. */
function remoteUrls(env: NodeJS.ProcessEnv): Record<RemoteName, string> {
  return Object.fromEntries(
    remoteList.map((remote) => [
      remote.name,
      env[remote.urlEnv] || `http://localhost:${Number(env[remote.portEnv] || remote.port)}/${remoteEntryFile}`,
    ]),
  ) as Record<RemoteName, string>;
}

/**
 * The configuration from the environment. In production it throws one error naming every unfit
 * secret, unless the caller uses none of them (the import script, tests).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { requireProductionSecrets = true }: { requireProductionSecrets?: boolean } = {},
): Config {
  const config = readConfig(env);
  const problems = config.production && requireProductionSecrets ? productionProblems(config) : [];
  if (problems.length) throw productionSecretsError(problems);
  return config;
}

function readConfig(env: NodeJS.ProcessEnv): Config {
  const port = Number(env.PORT || 8080);
  const host = env.HOST || 'localhost';
  return {
    port,
    host,
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    dataDir: env.DATA_DIR || path.join(repoRoot, 'data', 'pglite'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    adminApiToken: env.ADMIN_API_TOKEN || undefined,
    adminBaseUrl: env.ADMIN_BASE_URL || 'https://admin.fundraisinguniversity.com',
    storage: {
      uploadDir: path.resolve(env.UPLOAD_DIR || path.join(repoRoot, 'data', 'uploads')),
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT || undefined,
            region: env.S3_REGION || env.AWS_REGION || undefined,
            publicUrl: env.S3_PUBLIC_URL || undefined,
          }
        : undefined,
    },
    gatewayUrl: env.PAYMENT_GATEWAY_URL || `http://localhost:${Number(env.GATEWAY_PORT || 8085)}`,
    gatewaySecretKey: env.SANDBOX_SECRET_KEY || DEVELOPMENT_SECRETS.SANDBOX_SECRET_KEY,
    gatewayTimeoutMs: Number(env.GATEWAY_TIMEOUT_MS || 15_000),
    paymentRecoverySeconds: Number(env.PAYMENT_RECOVERY_SECONDS ?? 60),
    receiptSecret: env.RECEIPT_SECRET || DEVELOPMENT_SECRETS.RECEIPT_SECRET,
    remotes: remoteUrls(env),
    shellDist: env.SHELL_DIST || path.join(repoRoot, 'shell', 'dist'),
    publicDir: path.join(repoRoot, 'server', 'public'),
    logLevel: env.LOG_LEVEL || 'info',
    production: env.NODE_ENV === 'production',
    sms: {
      httpUrl: env.SMS_HTTP_URL || undefined,
      token: env.SMS_HTTP_TOKEN || undefined,
      from: env.SMS_FROM || undefined,
    },
    reminderIntervalMinutes: Number(env.REMINDER_INTERVAL_MINUTES ?? 15),
    ticketLinkMinutes: Number(env.TICKET_LINK_MINUTES || 30),
    lookupCacheSeconds: Number(env.LOOKUP_CACHE_SECONDS ?? DEFAULT_LOOKUP_CACHE_SECONDS),
    rateLimits: {
      tokenizePerMinute: Number(env.RATE_LIMIT_TOKENIZE || 20),
      processPerMinute: Number(env.RATE_LIMIT_PROCESS || 20),
      smsPerMinute: Number(env.RATE_LIMIT_SMS || 5),
      logPerMinute: Number(env.RATE_LIMIT_LOG || 60),
      smsPerPhonePerDay: Number(env.SMS_PER_PHONE_PER_DAY || 5),
      newPagesPerPhonePerDay: Number(env.NEW_PAGES_PER_PHONE_PER_DAY || 3),
      newPagesPerHour: Number(env.RATE_LIMIT_NEW_PAGE || 10),
      phoneLookupsPerPhonePerDay: Number(env.PHONE_LOOKUPS_PER_PHONE_PER_DAY || 3),
      phoneLookupsPerMinute: Number(env.RATE_LIMIT_PHONE_LOOKUP || 5),
      phoneConfirmPerMinute: Number(env.RATE_LIMIT_PHONE_CONFIRM || 20),
      ticketActivationPerMinute: Number(env.RATE_LIMIT_TICKET_ACTIVATION || 20),
      receiptLookupPerMinute: Number(env.RATE_LIMIT_RECEIPT_LOOKUP || 10),
    },
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'fu:',
    trustProxy: !env.TRUST_PROXY
      ? false
      : /^\d+$/.test(env.TRUST_PROXY)
        ? Number(env.TRUST_PROXY)
        : env.TRUST_PROXY.split(',').map((entry) => entry.trim()),
    metricsToken: env.METRICS_TOKEN || undefined,
    migrateOnStart: env.MIGRATE_ON_START ? env.MIGRATE_ON_START !== 'false' : env.NODE_ENV !== 'production',
    smsRetry: {
      intervalSeconds: Number(env.SMS_RETRY_INTERVAL_SECONDS ?? 60),
      maxAttempts: Number(env.SMS_RETRY_MAX_ATTEMPTS || 5),
      firstDelaySeconds: Number(env.SMS_RETRY_FIRST_DELAY_SECONDS || 60),
    },
    logRequests: env.LOG_REQUESTS ? env.LOG_REQUESTS !== 'false' : env.NODE_ENV === 'production',
    shutdownTimeoutSeconds: Number(env.SHUTDOWN_TIMEOUT_SECONDS || 30),
  };
}

/** A config for tests: in-memory database, no demo seeding unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ ...process.env, PORT: '0' }, { requireProductionSecrets: false }),
    dataDir: '',
    seedDemo: false,
    logLevel: 'silent',
    // Tests run the reminder job and payment recovery themselves, at the times they choose.
    reminderIntervalMinutes: 0,
    paymentRecoverySeconds: 0,
    smsRetry: { intervalSeconds: 0, maxAttempts: 5, firstDelaySeconds: 60 },
    // Tests share no Redis unless they ask for it.
    redisUrl: undefined,
    logRequests: false,
    // A fixed token so admin tests can authenticate; tests of the unconfigured API pass undefined.
    adminApiToken: TEST_ADMIN_TOKEN,
    // Uploads go to a throw-away directory, never to an S3 bucket from the environment.
    storage: { uploadDir: path.join(os.tmpdir(), `fu-test-uploads-${process.pid}`) },
    // Tests fire many requests from one address; the limits have their own tests.
    rateLimits: {
      tokenizePerMinute: 10_000,
      processPerMinute: 10_000,
      smsPerMinute: 10_000,
      logPerMinute: 10_000,
      smsPerPhonePerDay: 10_000,
      newPagesPerPhonePerDay: 10_000,
      newPagesPerHour: 10_000,
      phoneLookupsPerPhonePerDay: 10_000,
      phoneLookupsPerMinute: 10_000,
      phoneConfirmPerMinute: 10_000,
      ticketActivationPerMinute: 10_000,
      receiptLookupPerMinute: 10_000,
    },
    ...overrides,
  };
}
