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
 * 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now) and 53300 (too many connections);
 * and 25006 (read-only transaction), a write that reached a server taking none: a standby after a
 * failover, or a database an operator made read-only.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300|25006)$/;

/**
 * 55000 (object not in prerequisite state) is also what a query gets for unrelated mistakes (a
 * sequence's currval not yet defined, a replication slot in use…): it means unavailable only for
 * a connection refused because the database is not accepting connections (`ALTER DATABASE …
 * ALLOW_CONNECTIONS false`), said in these words by a server in English, and in any language
 * while connecting (markConnectFailure).
 */
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/;

/** node-postgres, pg-pool and PGlite say these without a code. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
];

/** Errors of opening a connection (or waiting for one of the pool's): platform/db/pool.ts marks them. */
const connectFailures = new WeakSet<Error>();

/**
 * Marks `error` as the failure to get a connection at all, which means the database is unavailable
 * whatever its code says (refused, not accepting connections, too many, credentials no longer
 * valid…): the answer is a 503 and the log says why. Returns the error, to be thrown on.
 */
export function markConnectFailure<E extends Error>(error: E): E {
  if (error instanceof Error) connectFailures.add(error);
  return error;
}

function isConnectionFailure(error: Error & { code?: unknown }): boolean {
  if (connectFailures.has(error)) return true;
  const { code } = error;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (code === '55000') return NOT_ACCEPTING_CONNECTIONS.test(error.message);
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * The error that says the database cannot be reached (down, restarting, closed, refusing
 * connections or writes) rather than that a query was wrong — a 503 to try again later, not a
 * 500 — or undefined. It is the driver's own (code and message, as the log shows it), never
 * Drizzle's wrapper, whose message holds the statement and its parameters (phone numbers, e-mails).
 * Looks through that wrapper and Node's AggregateError of a connect to several addresses, and
 * through nothing else, so a failed call to another service (the card gateway, S3) is not taken
 * for it.
 */
export function databaseUnavailableCause(error: unknown): Error | undefined {
  const pending = [error];
  // Bounded: a cause chain is short, and a cycle in one must not loop forever.
  for (let looked = 0; pending.length && looked < 20; looked++) {
    const current = pending.pop();
    if (!(current instanceof Error)) continue;
    if (isConnectionFailure(current)) return current;
    if (current instanceof DrizzleQueryError) pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return undefined;
}

/** Whether the error means the database is unavailable (databaseUnavailableCause finds why). */
export const isDatabaseUnavailable = (error: unknown): boolean => databaseUnavailableCause(error) !== undefined;
