// What the payment sandbox runs with, from its environment: its port, key and limits, read through
// the API's schema (platform/config/env/schema.ts), and its own production rule. The sandbox approves any test card
// and moves no money, so with NODE_ENV=production it starts only when SANDBOX_IN_PRODUCTION=true says
// it is meant to (a staging site, docs/operations.md), and then only with a secret key of its own.
import { parseEnv } from '../../platform/config/env/schema';
import { DEVELOPMENT_SECRETS, secretProblem } from '../../platform/config/productionSecrets';

export interface SandboxSettings {
  port: number;
  host: string;
  secretKey: string;
  tokenizePerMinute: number;
  /** How long each charge's answer is held back (fault tests); not a schema variable. */
  chargeLatencyMs: number;
  /** NODE_ENV=production with SANDBOX_IN_PRODUCTION=true: it says so loudly as it starts. */
  production: boolean;
}

/** The schema's variables the sandbox reads; only their problems stop it. */
const READS = [
  'NODE_ENV',
  'HOST',
  'GATEWAY_PORT',
  'SANDBOX_SECRET_KEY',
  'SANDBOX_IN_PRODUCTION',
  'RATE_LIMIT_TOKENIZE',
];

export const SANDBOX_IN_PRODUCTION_REFUSAL =
  'SANDBOX_IN_PRODUCTION is not true: the payment sandbox approves test cards and charges nobody, so with NODE_ENV=production it starts only for a staging site that means it (docs/operations.md#a-staging-site-with-test-cards).';

/** The warning a production sandbox logs as it starts, so nobody mistakes it for a gateway. */
export const SANDBOX_IN_PRODUCTION_WARNING =
  'The payment sandbox is running with NODE_ENV=production (SANDBOX_IN_PRODUCTION=true): it approves test cards and charges nobody. Only a staging site may point PAYMENT_GATEWAY_URL at it.';

/** The settings, and one sentence per problem naming its variable (then it must not start). */
export function sandboxSettings(env: NodeJS.ProcessEnv): { settings: SandboxSettings; problems: string[] } {
  const { values, problems: refused } = parseEnv(env);
  const problems = refused.filter((problem) => READS.some((name) => problem.startsWith(`${name} `)));
  const production = values.NODE_ENV === 'production';
  if (production && !values.SANDBOX_IN_PRODUCTION) problems.push(SANDBOX_IN_PRODUCTION_REFUSAL);
  if (production) {
    const keyProblem = secretProblem('SANDBOX_SECRET_KEY', values.SANDBOX_SECRET_KEY, true);
    if (keyProblem && !problems.some((problem) => problem.startsWith('SANDBOX_SECRET_KEY '))) problems.push(keyProblem);
  }
  return {
    settings: {
      port: values.GATEWAY_PORT,
      host: values.HOST,
      secretKey: values.SANDBOX_SECRET_KEY ?? DEVELOPMENT_SECRETS.SANDBOX_SECRET_KEY,
      tokenizePerMinute: values.RATE_LIMIT_TOKENIZE,
      chargeLatencyMs: Number(env.SANDBOX_CHARGE_LATENCY_MS || 0),
      production,
    },
    problems,
  };
}
