import type { Config } from './configType';
import { loopbackUrlProblems } from './productionUrls';

// The production rules: PostgreSQL, no demo data, secrets of its own, its own e-mail sender, and
// addresses for browsers that are not this machine (productionUrls.ts). loadConfig applies them
// with NODE_ENV=production and reports them with the schema's problems (config.ts).

/** What the secrets fall back to on a laptop. They are in this repository, so production refuses them. */
export const DEVELOPMENT_SECRETS = {
  RECEIPT_SECRET: 'local-receipt-secret',
  SANDBOX_SECRET_KEY: 'sk_sandbox_local',
} as const;

/** The admin token of the server tests. */
export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/** The shortest secret production takes (`openssl rand -hex 32` gives 64 characters). */
export const MIN_SECRET_LENGTH = 32;

/** Example values printed in this repository's code and docs: anyone could sign or call with them. */
const PUBLISHED_EXAMPLES = new Set([
  ...Object.values(DEVELOPMENT_SECRETS),
  TEST_ADMIN_TOKEN,
  'some-long-secret',
  'e2e-admin-token',
  'e2e-sandbox-secret-key',
]);

/** Our secrets, and the settings that may hold someone else's (reusedSecrets compares them with ours). */
type Secrets = Pick<Config, 'receiptSecret' | 'gatewaySecretKey' | 'adminApiToken' | 'metricsToken'> &
  Partial<Pick<Config, 'sms' | 'databaseUrl' | 'redisUrl' | 'email'>>;
type Production = Secrets & Pick<Config, 'databaseUrl' | 'seedDemo' | 'email' | 'publicUrl' | 'gatewayUrl' | 'remotes'>;

/**
 * The secrets production needs, each of its own; METRICS_TOKEN may stay unset (no metrics), but not
 * be weak; SMS_INBOUND_SECRET is needed once texts go to a real SMS provider (SMS_HTTP_URL), whose
 * webhook brings the STOPs that must be honoured (issue 34).
 */
const SECRETS: [
  variable: string,
  value: (config: Secrets) => string | undefined,
  required: (config: Secrets) => boolean,
][] = [
  ['RECEIPT_SECRET', (config) => config.receiptSecret, () => true],
  ['SANDBOX_SECRET_KEY', (config) => config.gatewaySecretKey, () => true],
  ['ADMIN_API_TOKEN', (config) => config.adminApiToken, () => true],
  ['METRICS_TOKEN', (config) => config.metricsToken, () => false],
  ['SMS_INBOUND_SECRET', (config) => config.sms?.inboundSecret, (config) => Boolean(config.sms?.httpUrl)],
];

export const SECRET_VARIABLES = SECRETS.map(([variable]) => variable);

/** What the error about unfit secrets ends with: how to make good ones. */
export const SECRET_HINT = `Set each secret to a random value of at least ${MIN_SECRET_LENGTH} characters, e.g. from \`openssl rand -hex 32\`.`;

/**
 * Why one secret is not fit for production, if it is not: unset (when `required`), a development
 * default, an example this repository publishes, or too short. The payment sandbox checks its key
 * with it too (payments/sandbox/settings.ts).
 */
export function secretProblem(variable: string, value: string | undefined, required: boolean): string | undefined {
  if (!value) return required ? `${variable} is not set.` : undefined;
  if (value === DEVELOPMENT_SECRETS[variable as keyof typeof DEVELOPMENT_SECRETS]) {
    return `${variable} is not set, or set to its public development default.`;
  }
  if (PUBLISHED_EXAMPLES.has(value)) return `${variable} is an example value published in this repository.`;
  if (value.length < MIN_SECRET_LENGTH) return `${variable} is shorter than ${MIN_SECRET_LENGTH} characters.`;
  return undefined;
}

/**
 * The other settings that hold a secret: the SMS provider's token, and the password a connection URL
 * may carry. None may be one of ours: whoever holds that setting (the provider, the database's
 * administrators, a Redis or mail host) would hold our secret's power too.
 */
const OTHER_SECRETS: [setting: string, value: (config: Secrets) => string | undefined][] = [
  ['SMS_HTTP_TOKEN', (config) => config.sms?.token],
  ['the password in DATABASE_URL', (config) => urlPassword(config.databaseUrl)],
  ['the password in REDIS_URL', (config) => urlPassword(config.redisUrl)],
  ['the password in SMTP_URL', (config) => urlPassword(config.email?.smtpUrl)],
  ['the password in SMS_HTTP_URL', (config) => urlPassword(config.sms?.httpUrl)],
];

function urlPassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * One sentence for each two settings that hold the same secret, where one of them is ours (the
 * admin token, the receipt secret…), naming both and never the value: a leak of either, or a
 * rotation of one, would take the other along. `unfit`: our secrets refused already (unset, a
 * default, too short), left out.
 */
export function reusedSecrets(config: Secrets, unfit: readonly string[] = []): string[] {
  const ours = SECRETS.filter(([variable]) => !unfit.includes(variable));
  const sentences: string[] = [];
  ours.forEach(([variable, read], index) => {
    const value = read(config);
    if (!value) return;
    for (const [other, readOther] of [...ours.slice(index + 1), ...OTHER_SECRETS]) {
      if (readOther(config) === value) {
        sentences.push(`${variable} is the same as ${other}: give each secret a value of its own.`);
      }
    }
  });
  return sentences;
}

/** Every reason the configured secrets are not fit for production, one sentence each naming its variable. */
export function secretProblems(config: Secrets): string[] {
  const problems: string[] = [];
  const unfit: string[] = [];
  for (const [variable, read, required] of SECRETS) {
    const problem = secretProblem(variable, read(config), required(config));
    if (problem) {
      problems.push(problem);
      unfit.push(variable);
    }
  }
  return [...problems, ...reusedSecrets(config, unfit)];
}

/**
 * Why the e-mail sender is not fit for production, if it is not: an address at localhost (the
 * development default `receipts@localhost`) or at no domain is not the site's own, and receiving
 * servers reject it or file it as spam (SPF, DKIM).
 */
export function emailFromProblem(from: string): string | undefined {
  const domain = from.match(/@([^>\s]+)/)?.[1]?.toLowerCase();
  if (domain && domain !== 'localhost') return undefined;
  return "EMAIL_FROM is not set, or is the development default or another address at localhost: production sends e-mail from the site's own address, e.g. `Springfield Fundraising <receipts@springfield-school.org>`.";
}

/**
 * Every production rule (NODE_ENV=production) the configuration breaks, one sentence each naming
 * its variable; empty when it keeps them all. `secrets: false` leaves out what only the running
 * server uses (its secrets, e-mail sender and the addresses it hands out), for a caller that uses
 * none (migrations, the import script).
 */
export function productionProblems(config: Production, { secrets = true }: { secrets?: boolean } = {}): string[] {
  const problems: string[] = [];
  if (!config.databaseUrl) {
    problems.push('DATABASE_URL is not set: production runs on PostgreSQL (the embedded PGlite is for the demo).');
  }
  if (config.seedDemo) problems.push('SEED_DEMO is true: production never loads the demo data.');
  if (!secrets) return problems;
  const emailFrom = emailFromProblem(config.email.from);
  return [...problems, ...secretProblems(config), ...(emailFrom ? [emailFrom] : []), ...loopbackUrlProblems(config)];
}
