import type { Config } from './config';

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
]);

type Secrets = Pick<Config, 'receiptSecret' | 'gatewaySecretKey' | 'adminApiToken'>;

const SECRETS: [variable: string, value: (config: Secrets) => string | undefined][] = [
  ['RECEIPT_SECRET', (config) => config.receiptSecret],
  ['SANDBOX_SECRET_KEY', (config) => config.gatewaySecretKey],
  ['ADMIN_API_TOKEN', (config) => config.adminApiToken],
];

/**
 * Every reason the configured secrets are not fit for production, one sentence each naming its
 * environment variable; empty when all of them are.
 */
export function productionProblems(config: Secrets): string[] {
  const problems: string[] = [];
  for (const [variable, read] of SECRETS) {
    const value = read(config);
    if (!value) {
      problems.push(`${variable} is not set.`);
    } else if (value === DEVELOPMENT_SECRETS[variable as keyof typeof DEVELOPMENT_SECRETS]) {
      problems.push(`${variable} is not set, or set to its public development default.`);
    } else if (PUBLISHED_EXAMPLES.has(value)) {
      problems.push(`${variable} is an example value published in this repository.`);
    } else if (value.length < MIN_SECRET_LENGTH) {
      problems.push(`${variable} is shorter than ${MIN_SECRET_LENGTH} characters.`);
    }
  }
  return problems;
}

/** The one error loadConfig throws for them: every problem, and what to do. */
export function productionSecretsError(problems: string[]): Error {
  return new Error(
    `NODE_ENV=production needs its own secrets, so the server will not start:\n` +
      problems.map((problem) => `  - ${problem}\n`).join('') +
      `Set each to a random value of at least ${MIN_SECRET_LENGTH} characters, e.g. from \`openssl rand -hex 32\`.`,
  );
}
