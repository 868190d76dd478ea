import pg from 'pg';
import { recordPoolWait, watchPool } from '../http/metrics';
import { markConnectFailure } from './unavailable';

/** SQLSTATE read_only_sql_transaction: the connection reached a server that takes no writes (a standby). */
const READ_ONLY = '25006';

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** Connections that answered 25006: dropped when released, so the next one connects afresh (to the new primary). */
const readOnlyConnections = new WeakSet<pg.ClientBase>();

/**
 * Watches a connection the pool just opened for as long as it lives. A permanent error listener, so
 * that a connection dropped, reset or terminated (57P01) while checked out — in a transaction, under
 * the migration lock — is logged instead of killing the process: pg-pool listens only while a
 * connection is idle, and `pool.query` only for the duration of its query. And a note of any
 * statement refused as read-only, so that connection is not handed out again.
 */
function watch(client: pg.PoolClient, onLost: (message: string) => void) {
  let lost = false;
  client.on('error', (error: Error) => {
    if (!lost) onLost(error.message);
    lost = true;
  });
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: { code?: unknown }) => {
        if (error?.code === READ_ONLY) readOnlyConnections.add(client);
      });
    }
    return result;
  }) as typeof client.query;
}

/**
 * Hands out a checked-out connection that gives itself back to the pool as soon as it fails. Its
 * holder's queries fail at once after that ("not queryable"), and the holder's own release becomes a
 * no-op: drizzle's transaction releases nothing when its `begin` fails, so a connection dropped just
 * then would otherwise be held for good, and ten of those (the pool's size) would leave every
 * request waiting for a connection until the process restarts.
 */
function releasedOnFailure(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', releaseOnce);
    release(error || (readOnlyConnections.has(client) ? new Error('connected to a read-only server') : undefined));
  };
  client.on('error', releaseOnce);
  client.release = releaseOnce;
  return client;
}

/**
 * The PostgreSQL pool of the API: a pg.Pool whose connections cannot take the process down nor be
 * lost to it when the server goes away (dropped network, restart, termination, maintenance), that
 * does not reuse a connection which met a read-only server, and whose failures to connect are
 * marked as such for platform/db/unavailable.ts, which answers them with a 503 (so a refusal such as 55000
 * "not currently accepting connections" is told apart from the same code raised by a query, in any
 * language the server speaks). `onLost` hears each connection lost, once. Its connections (in use,
 * idle, waited for) and each checkout's wait are in /metrics (db_pool_connections, db_pool_wait_seconds).
 */
export class ResilientPool extends pg.Pool {
  private readonly unwatch: () => void;

  constructor(config: pg.PoolConfig, onLost: (message: string) => void) {
    super(config);
    this.unwatch = watchPool(this);
    this.on('connect', (client) => watch(client, onLost));
    // The pool also reports an idle connection's error; watch() has logged it already.
    this.on('error', () => undefined);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // pool.query checks out with a callback and gives the connection back itself, at its first error.
    const started = performance.now();
    const waited = () => recordPoolWait((performance.now() - started) / 1000);
    if (callback) {
      return super.connect((error, client, done) => {
        waited();
        if (error) markConnectFailure(error);
        callback(error, client, done);
      });
    }
    return super.connect().then(
      (client) => {
        waited();
        return releasedOnFailure(client);
      },
      (error: Error) => {
        waited();
        throw markConnectFailure(error);
      },
    );
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    this.unwatch();
    return callback ? super.end(callback) : super.end();
  }
}
