// While the database cannot be reached the API answers 503 (readiness with its own body, every other
// call with one sentence and Retry-After), never a 500. Tried for real: a PGlite handle closed under
// the running app, and PostgreSQL behind a TCP proxy that first swallows and then refuses connections.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { testConfig } from '../src/platform/config/config';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/client';
import { databaseUnavailableCause, isDatabaseUnavailable, markConnectFailure } from '../src/platform/db/unavailable';
import {
  DATABASE_UNAVAILABLE_REASON,
  HttpError,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '../src/platform/http/errors';
import { notReadyMessage } from '../src/platform/routes/health';
import { newOrderBody } from './fixtures';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('isDatabaseUnavailable', () => {
  it('recognises a server that refuses, drops or times out the connection', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND']) {
      assert.equal(isDatabaseUnavailable(withCode(`connect ${code} 127.0.0.1:5432`, code)), true, code);
      assert.equal(isDatabaseUnavailable(wrapped(withCode(`connect ${code}`, code))), true, `wrapped ${code}`);
    }
    const refusedTwice = new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect');
    assert.equal(isDatabaseUnavailable(wrapped(refusedTwice)), true);
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
      'Cannot use a pool after calling end on the pool',
      'PGlite is closed',
    ]) {
      assert.equal(isDatabaseUnavailable(wrapped(new Error(message))), true, message);
    }
  });

  it('recognises the SQLSTATEs of a lost or refused connection', () => {
    for (const code of ['08000', '08003', '08006', '08P01', '57P01', '57P02', '57P03', '53300']) {
      assert.equal(isDatabaseUnavailable(wrapped(withCode('server said no', code))), true, code);
    }
  });

  it('recognises a server that terminates the session or is not ready for it (57P01, 57P03)', () => {
    const terminated = withCode('terminating connection due to administrator command', '57P01');
    const starting = withCode('the database system is starting up', '57P03');
    const recovering = withCode('the database system is in recovery mode', '57P03');
    for (const error of [terminated, starting, recovering]) {
      assert.equal(isDatabaseUnavailable(wrapped(error)), true, error.message);
    }
    assert.equal(isDatabaseUnavailable(wrapped(withCode('read ECONNRESET', 'ECONNRESET'))), true);
  });

  it('recognises a write refused by a read-only server (25006: a standby after a failover)', () => {
    const readOnly = withCode('cannot execute INSERT in a read-only transaction', '25006');
    assert.equal(isDatabaseUnavailable(wrapped(readOnly)), true);
  });

  it('takes 55000 for unavailable only when the database is not accepting connections', () => {
    const closed = withCode('database "fu" is not currently accepting connections', '55000');
    assert.equal(isDatabaseUnavailable(closed), true);
    assert.equal(isDatabaseUnavailable(wrapped(closed)), true);
    // The same code for mistakes of a query on a database that answers: a 500, as any bug.
    for (const message of [
      'currval of sequence "orders_id_seq" is not yet defined in this session',
      'replication slot "standby_1" is active for PID 4242',
      'cannot PREPARE a transaction that has exported snapshots',
    ]) {
      assert.equal(isDatabaseUnavailable(wrapped(withCode(message, '55000'))), false, message);
    }
    // A server whose messages are in another language says it only by code: marked while connecting.
    const spanish = () => withCode('la base de datos «fu» no está aceptando conexiones', '55000');
    assert.equal(isDatabaseUnavailable(wrapped(spanish())), false);
    assert.equal(isDatabaseUnavailable(wrapped(markConnectFailure(spanish()))), true);
  });

  it('names the driver’s error as the cause, not Drizzle’s wrapper with the statement and its parameters', () => {
    const reset = withCode('read ECONNRESET', 'ECONNRESET');
    const failed = new DrizzleQueryError('update orders set supporter_phone_number = $1', ['5125550188'], reset);
    assert.equal(databaseUnavailableCause(failed), reset);
    assert.equal(databaseUnavailableCause(wrapped(withCode('duplicate key', '23505'))), undefined);
  });

  it('leaves query errors, our own errors and other services alone', () => {
    for (const code of [
      '23505',
      '42P01',
      '22P02',
      '40001',
      '40P01',
      '57014',
      'ERR_INVALID_ARG_TYPE',
      'FST_ERR_VALIDATION',
    ]) {
      assert.equal(isDatabaseUnavailable(wrapped(withCode('a query went wrong', code))), false, code);
    }
    assert.equal(isDatabaseUnavailable(new HttpError(404, 'Order not found.')), false);
    // The card gateway or S3 being down is not the database: fetch's error is not looked through.
    const fetchFailed = new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') });
    assert.equal(isDatabaseUnavailable(fetchFailed), false);
    for (const value of [undefined, null, 'ECONNREFUSED', { code: 'ECONNREFUSED' }]) {
      assert.equal(isDatabaseUnavailable(value), false);
    }
  });

  it('ends on a cause chain that loops', () => {
    const looped = wrapped(undefined);
    looped.cause = looped;
    assert.equal(isDatabaseUnavailable(looped), false);
  });
});

/**
 * What a supporter's browser sees for a lookup and an order, and a load balancer for readiness;
 * liveness still answers (the process runs: restarting it would not bring the database back).
 */
async function expectUnavailable(app: FastifyInstance, kind: 'pglite' | 'postgres') {
  const [ready, health, states, order] = await Promise.all([
    app.inject('/api/ready'),
    app.inject('/api/health'),
    app.inject('/api/Fundraisers/ListActiveStates?itemId=0'),
    app.inject({ method: 'POST', url: '/api/Orders/CreateOrder', payload: newOrderBody() }),
  ]);
  assert.equal(ready.statusCode, 503, ready.body);
  assert.deepEqual(ready.json(), { status: 'unavailable', message: notReadyMessage(['database']), down: ['database'] });
  assert.equal(ready.headers['retry-after'], String(RETRY_AFTER_SECONDS));
  assert.equal(health.statusCode, 200, health.body);
  assert.deepEqual(health.json(), { status: 'ok', database: kind });
  for (const response of [states, order]) {
    assert.equal(response.statusCode, 503, response.body);
    assert.deepEqual(response.json(), { message: SERVICE_UNAVAILABLE_MESSAGE, reason: DATABASE_UNAVAILABLE_REASON });
    assert.equal(response.headers['retry-after'], String(RETRY_AFTER_SECONDS));
    assert.ok(response.headers['x-request-id'], 'the answer carries the request id the log line has');
  }
}

async function expectAvailable(app: FastifyInstance, kind: 'pglite' | 'postgres') {
  const health = await app.inject('/api/health');
  assert.equal(health.statusCode, 200, health.body);
  assert.deepEqual(health.json(), { status: 'ok', database: kind });
  const ready = await app.inject('/api/ready');
  assert.equal(ready.statusCode, 200, ready.body);
  assert.deepEqual(ready.json(), { status: 'ready' });
  const states = await app.inject('/api/Fundraisers/ListActiveStates?itemId=0');
  assert.equal(states.statusCode, 200, states.body);
}

/** The app on `handle`, the lookup cache off so every call reaches the database. */
async function appOn(handle: DatabaseHandle) {
  const app = await buildApp({ config: testConfig({ lookupCacheSeconds: 0 }), database: handle });
  await app.ready();
  return app;
}

describe('PGlite closed under the running app', () => {
  let app: FastifyInstance;
  let handle: DatabaseHandle;
  before(async () => {
    const opened = await openDatabase({ dataDir: '' });
    let closed = false;
    // Closed by the test and again when the app stops; PGlite refuses a second close.
    handle = { ...opened, close: async () => void (closed || ((closed = true), await opened.close())) };
    app = await appOn(handle);
  });
  after(() => app.close());

  it('answers 503, not 500', async () => {
    await expectAvailable(app, 'pglite');
    await handle.close();
    await expectUnavailable(app, 'pglite');
  });
});

/** A TCP proxy to PostgreSQL that can swallow new connections (a black hole) or go away entirely. */
async function startProxy(target: URL) {
  const sockets = new Set<Socket>();
  let blackHole = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (blackHole) return;
    const upstream = connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dropAll = () => sockets.forEach((socket) => socket.destroy());
  return {
    port: (server.address() as { port: number }).port,
    /** Drops every open connection and accepts new ones without ever answering. */
    swallow() {
      blackHole = true;
      dropAll();
    },
    /** Stops listening, so connecting is refused, and drops every connection. */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        dropAll();
      }),
  };
}

/** Why the PostgreSQL part cannot run here, or undefined when it can. */
async function postgresMissing(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return 'DATABASE_URL is not set';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (error) {
    return `no PostgreSQL answers at DATABASE_URL (${(error as Error).message})`;
  }
}

const missing = await postgresMissing();
if (missing) console.log(`Skipping the PostgreSQL outage test: ${missing}.`);

describe('PostgreSQL unreachable behind a proxy', { skip: missing }, () => {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `fu_test_${randomBytes(6).toString('hex')}`;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let app: FastifyInstance;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };

  before(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    proxy = await startProxy(target);
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    app = await appOn(await openDatabase({ databaseUrl: viaProxy.toString(), dataDir: '' }));
  });
  after(async () => {
    await app?.close();
    await proxy?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('answers 503 after the connect timeout while the server does not answer', async () => {
    await expectAvailable(app, 'postgres');
    proxy.swallow();
    const started = Date.now();
    await expectUnavailable(app, 'postgres');
    const waited = Date.now() - started;
    assert.ok(waited < 15_000, `answered after ${waited} ms`);
  });

  it('answers 503 at once while connecting is refused', async () => {
    await proxy.close();
    const started = Date.now();
    await expectUnavailable(app, 'postgres');
    assert.ok(Date.now() - started < 2_000);
  });
});
