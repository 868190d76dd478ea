import { DrizzleQueryError } from 'drizzle-orm';

/** Socket errors of a database server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/**
 * SQLSTATEs of a server that dropped or refuses the connection: class 08 (connection exception),
 * 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now) and 53300 (too many connections).
 */
const CONNECTION_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** node-postgres, pg-pool and PGlite say these without a code. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
];

function isConnectionFailure(error: Error & { code?: unknown }): boolean {
  const { code } = error;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || CONNECTION_SQLSTATE.test(code))) return true;
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * Whether the error means the database cannot be reached (down, restarting, closed) rather than
 * that a query was wrong: a 503 to try again later, not a 500. Looks through Drizzle's wrapper of
 * the driver's error and Node's AggregateError of a connect to several addresses, and through
 * nothing else, so a failed call to another service (the card gateway, S3) is not taken for it.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending = [error];
  // Bounded: a cause chain is short, and a cycle in one must not loop forever.
  for (let looked = 0; pending.length && looked < 20; looked++) {
    const current = pending.pop();
    if (!(current instanceof Error)) continue;
    if (isConnectionFailure(current)) return true;
    if (current instanceof DrizzleQueryError) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return false;
}
