import os from 'node:os';
import path from 'node:path';
import { remoteEntryFile, remotes as remoteList, type RemoteName } from '@fu/shared/remotes';
import type { Config } from './configType';
import { DEMO_ORGANIZATION, parseEnv, type Env } from './env/schema';
import { repoRoot } from './repoRoot';
import {
  DEVELOPMENT_SECRETS,
  SECRET_HINT,
  SECRET_VARIABLES,
  TEST_ADMIN_TOKEN,
  productionProblems,
  reusedSecrets,
} from './productionSecrets';

export { TEST_ADMIN_TOKEN };

export { repoRoot };

export type { Config };

/** Where the shell loads each remote from: its URL variable, else its entry on the port `npm start` serves it on. */
function remoteUrls(env: Env): Record<RemoteName, string> {
  const values = env as Record<string, unknown>;
  return Object.fromEntries(
    remoteList.map((remote) => [
      remote.name,
      (values[remote.urlEnv] as string | undefined) ??
        `http://localhost:${values[remote.portEnv] as number}/${remoteEntryFile}`,
    ]),
  ) as Record<RemoteName, string>;
}

/**
 * Why the server will not start (or a script will not run: `refusal` says what was not done): every
 * problem of the environment, one sentence each naming its variable.
 */
export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    refusal = 'The server will not start',
  ) {
    const secrets = problems.some((problem) => SECRET_VARIABLES.some((name) => problem.startsWith(`${name} `)));
    const lines = problems.map((problem) => `  - ${problem}`);
    if (secrets) lines.push(SECRET_HINT);
    super(`${refusal}; fix these environment variables (docs/configuration.md):\n${lines.join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The configuration from the environment (the schema in platform/config/env/schema.ts). Throws one ConfigError
 * naming every variable whose value the schema refuses and, with NODE_ENV=production, every
 * production rule broken (productionSecrets.ts). A caller that uses no secret (the import script)
 * skips the rules of the running server, not the others, and names what it refuses to do.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { requireProductionSecrets = true, refusal }: { requireProductionSecrets?: boolean; refusal?: string } = {},
): Config {
  const { values, problems, refused } = parseEnv(env);
  const config = readConfig(values);
  if (config.production) {
    // A variable the schema refused has its sentence already; its production rule would repeat it.
    const rules = productionProblems(config, { secrets: requireProductionSecrets });
    problems.push(...rules.filter((problem) => !refused.some((name) => problem.startsWith(`${name} `))));
  }
  if (problems.length) throw new ConfigError(problems, refusal);
  return config;
}

/**
 * What an operator should know about a configuration that starts: settings production works
 * without but a real deployment wants; elsewhere, secrets one setting shares with another, which
 * production refuses. main.ts logs each as a warning.
 */
export function configWarnings(config: Config): string[] {
  if (!config.production) return reusedSecrets(config);
  const warnings: string[] = [];
  if (!config.redisUrl) {
    warnings.push(
      'REDIS_URL is not set: rate limits are per instance, so with several instances each allows its own budget.',
    );
  }
  if (!config.trustProxy) {
    warnings.push(
      "TRUST_PROXY is not set (or 0): behind a load balancer or proxy every visitor has the proxy's address, so all share one rate limit.",
    );
  }
  if (!config.metricsToken) warnings.push('METRICS_TOKEN is not set: /metrics is off.');
  if (!config.organization.legalName) {
    warnings.push('ORG_LEGAL_NAME is not set: receipts do not name the organisation that issues them.');
  }
  if (!config.organization.taxId) {
    warnings.push("ORG_TAX_ID is not set: donation receipts carry no tax id for the donor's deduction.");
  }
  return warnings;
}

function trustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}

/** The validated environment as a Config; computed defaults are filled in here. */
function readConfig(env: Env): Config {
  const production = env.NODE_ENV === 'production';
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    dataDir: env.DATA_DIR ?? path.join(repoRoot, 'data', 'pglite'),
    databaseUrl: env.DATABASE_URL,
    seedDemo: env.SEED_DEMO ?? !production,
    adminApiToken: env.ADMIN_API_TOKEN,
    adminBaseUrl: env.ADMIN_BASE_URL,
    storage: {
      uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(repoRoot, 'data', 'uploads')),
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION ?? env.AWS_REGION,
            publicUrl: env.S3_PUBLIC_URL,
          }
        : undefined,
    },
    gatewayUrl: env.PAYMENT_GATEWAY_URL ?? `http://localhost:${env.GATEWAY_PORT}`,
    gatewaySecretKey: env.SANDBOX_SECRET_KEY ?? DEVELOPMENT_SECRETS.SANDBOX_SECRET_KEY,
    gatewayTimeoutMs: env.GATEWAY_TIMEOUT_MS,
    paymentRecoverySeconds: env.PAYMENT_RECOVERY_SECONDS,
    receiptSecret: env.RECEIPT_SECRET ?? DEVELOPMENT_SECRETS.RECEIPT_SECRET,
    organization: {
      legalName: env.ORG_LEGAL_NAME ?? (production ? '' : DEMO_ORGANIZATION.legalName),
      address: env.ORG_ADDRESS ?? (production ? '' : DEMO_ORGANIZATION.address),
      taxId: env.ORG_TAX_ID ?? (production ? '' : DEMO_ORGANIZATION.taxId),
      is501c3: env.ORG_IS_501C3,
    },
    coverFees: { percentBasisPoints: env.COVER_FEES_PERCENT_BASIS_POINTS, fixedCents: env.COVER_FEES_FIXED_CENTS },
    remotes: remoteUrls(env),
    shellDist: env.SHELL_DIST ?? path.join(repoRoot, 'shell', 'dist'),
    publicDir: path.join(repoRoot, 'server', 'public'),
    logLevel: env.LOG_LEVEL,
    production,
    sms: {
      httpUrl: env.SMS_HTTP_URL,
      token: env.SMS_HTTP_TOKEN,
      from: env.SMS_FROM,
      inboundSecret: env.SMS_INBOUND_SECRET,
    },
    smsDailyCap: env.SMS_DAILY_CAP,
    email: { smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM },
    reminderIntervalMinutes: env.REMINDER_INTERVAL_MINUTES,
    ticketLinkMinutes: env.TICKET_LINK_MINUTES,
    ticketShareLinkDays: env.TICKET_SHARE_LINK_DAYS,
    redeemRepeatWarningMinutes: env.REDEEM_REPEAT_WARNING_MINUTES,
    firstScreenBudgetMs: env.FIRST_SCREEN_BUDGET_MS,
    lookupCacheSeconds: env.LOOKUP_CACHE_SECONDS,
    rateLimits: {
      tokenizePerMinute: env.RATE_LIMIT_TOKENIZE,
      processPerMinute: env.RATE_LIMIT_PROCESS,
      smsPerMinute: env.RATE_LIMIT_SMS,
      smsInboundPerMinute: env.RATE_LIMIT_SMS_INBOUND,
      logPerMinute: env.RATE_LIMIT_LOG,
      smsPerPhonePerDay: env.SMS_PER_PHONE_PER_DAY,
      newPagesPerPhonePerDay: env.NEW_PAGES_PER_PHONE_PER_DAY,
      newPagesPerHour: env.RATE_LIMIT_NEW_PAGE,
      phoneLookupsPerPhonePerDay: env.PHONE_LOOKUPS_PER_PHONE_PER_DAY,
      phoneLookupsPerMinute: env.RATE_LIMIT_PHONE_LOOKUP,
      phoneConfirmPerMinute: env.RATE_LIMIT_PHONE_CONFIRM,
      parentConsentLinksPerDay: env.RATE_LIMIT_PARENT_CONSENT,
      ticketActivationPerMinute: env.RATE_LIMIT_TICKET_ACTIVATION,
      receiptLookupPerMinute: env.RATE_LIMIT_RECEIPT_LOOKUP,
      studentMatchPerMinute: env.RATE_LIMIT_STUDENT_MATCH,
      studentMatchPerTeamPerHour: env.RATE_LIMIT_STUDENT_MATCH_PER_TEAM,
      emailsPerAddressPerDay: env.EMAILS_PER_ADDRESS_PER_DAY,
      emailsPerStudentPerDay: env.EMAILS_PER_STUDENT_PER_DAY,
    },
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    trustProxy: trustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN,
    migrateOnStart: env.MIGRATE_ON_START ?? !production,
    smsRetry: {
      intervalSeconds: env.SMS_RETRY_INTERVAL_SECONDS,
      maxAttempts: env.SMS_RETRY_MAX_ATTEMPTS,
      firstDelaySeconds: env.SMS_RETRY_FIRST_DELAY_SECONDS,
      leaseSeconds: env.OUTBOX_LEASE_SECONDS,
    },
    logRequests: env.LOG_REQUESTS ?? production,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    browserLogs: {
      retentionDays: env.BROWSER_LOG_RETENTION_DAYS,
      maxRows: env.BROWSER_LOG_MAX_ROWS,
      pruneIntervalMinutes: env.BROWSER_LOG_PRUNE_MINUTES,
    },
    retention: {
      studentMonths: env.RETENTION_STUDENT_MONTHS,
      privatePageDays: env.RETENTION_PRIVATE_PAGE_DAYS,
      supporterMonths: env.RETENTION_SUPPORTER_MONTHS,
      unpaidOrderDays: env.RETENTION_UNPAID_ORDER_DAYS,
      messageDays: env.RETENTION_MESSAGE_DAYS,
      consentMonths: env.RETENTION_CONSENT_MONTHS,
      intervalMinutes: env.RETENTION_INTERVAL_MINUTES,
    },
  };
}

/** A config for tests: in-memory database, no demo seeding unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ ...process.env, PORT: '0' }, { requireProductionSecrets: false }),
    dataDir: '',
    seedDemo: false,
    logLevel: 'silent',
    // Tests run the reminder job, payment recovery and log pruning themselves, at the times they choose.
    reminderIntervalMinutes: 0,
    paymentRecoverySeconds: 0,
    browserLogs: { retentionDays: 14, maxRows: 100_000, pruneIntervalMinutes: 0 },
    retention: {
      studentMonths: 6,
      privatePageDays: 30,
      supporterMonths: 84,
      unpaidOrderDays: 30,
      messageDays: 30,
      consentMonths: 48,
      intervalMinutes: 0,
    },
    smsRetry: { intervalSeconds: 0, maxAttempts: 5, firstDelaySeconds: 60, leaseSeconds: 60 },
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
      smsInboundPerMinute: 10_000,
      logPerMinute: 10_000,
      smsPerPhonePerDay: 10_000,
      newPagesPerPhonePerDay: 10_000,
      newPagesPerHour: 10_000,
      phoneLookupsPerPhonePerDay: 10_000,
      phoneLookupsPerMinute: 10_000,
      phoneConfirmPerMinute: 10_000,
      parentConsentLinksPerDay: 10_000,
      ticketActivationPerMinute: 10_000,
      receiptLookupPerMinute: 10_000,
      studentMatchPerMinute: 10_000,
      studentMatchPerTeamPerHour: 10_000,
      emailsPerAddressPerDay: 10_000,
      emailsPerStudentPerDay: 10_000,
    },
    ...overrides,
  };
}
