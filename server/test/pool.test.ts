// The API's PostgreSQL pool (platform/db/pool.ts) when connections fail under it: a connection in use that is
// cut neither kills the process nor stays lost to the pool; one that met a read-only server is not
// handed out again; a refused connect is told unavailable in any language. Played against a real
// PostgreSQL behind a TCP proxy (when DATABASE_URL is set) and a server that refuses the startup.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ResilientPool } from '../src/platform/db/pool';
import { isDatabaseUnavailable } from '../src/platform/db/unavailable';
import { emptyDatabase, eventually } from './multiInstance';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

/** A PostgreSQL error message: type byte 'E', length, then one code-prefixed field per value. */
function errorResponse(fields: Record<string, string>): Buffer {
  const body = Buffer.concat([
    ...Object.entries(fields).map(([code, value]) => Buffer.from(`${code}${value}\0`)),
    Buffer.from([0]),
  ]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from('E'), length, body]);
}

describe('a connect the server refuses in another language', () => {
  let server: Server;
  let pool: ResilientPool;
  before(async () => {
    // Answers every startup as a database closed to connections (ALLOW_CONNECTIONS false) with lc_messages=es.
    server = createServer((socket) => {
      socket.once('data', () =>
        socket.end(
          errorResponse({
            S: 'FATAL',
            V: 'FATAL',
            C: '55000',
            M: 'la base de datos «fu» no está aceptando conexiones',
          }),
        ),
      );
      socket.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    pool = new ResilientPool({ connectionString: `postgres://postgres@127.0.0.1:${port}/fu` }, () => undefined);
  });
  after(async () => {
    await pool.end();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is the database unavailable, through pool.query and pool.connect alike', async () => {
    for (const attempt of [() => pool.query('select 1'), () => pool.connect()]) {
      const error = await attempt().then(
        () => assert.fail('connected to a server that refuses'),
        (error: unknown) => error as Error & { code?: string },
      );
      assert.equal(error.code, '55000');
      assert.equal(isDatabaseUnavailable(error), true, error.message);
    }
  });
});

const missing = process.env.DATABASE_URL ? undefined : 'DATABASE_URL is not set';
if (missing) console.log(`Skipping the pool's PostgreSQL part: it needs PostgreSQL (${missing}).`);

// Bounded: a pool that lost its connections would otherwise wait for them for ever, in a test and in pool.end().
describe('connections in use that fail', { skip: missing, timeout: 20_000 }, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let proxy: TcpProxy;
  let pool: ResilientPool;
  const lost: string[] = [];

  before(async () => {
    database = await emptyDatabase('fu_pool');
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    pool = new ResilientPool(
      { connectionString: viaProxy.toString(), max: 2, connectionTimeoutMillis: 5_000 },
      (message) => lost.push(message),
    );
  });
  after(
    async () => {
      await proxy?.close();
      await database?.drop();
      await pool?.end();
    },
    { timeout: 5_000 },
  );

  it('gives a connection cut in a transaction back to the pool, and its holder’s release does nothing', async () => {
    const client = await pool.connect();
    await client.query('begin');
    const other = await pool.connect();
    proxy.cut();
    // Without a listener on a connection in use, its error event would end this process here.
    assert.ok(await eventually(async () => pool.totalCount === 0, 5_000), `${pool.totalCount} connections left`);
    assert.equal(lost.length, 2, lost.join('; '));
    await assert.rejects(client.query('rollback'), (error: Error) => isDatabaseUnavailable(error));
    client.release();
    other.release();
    client.release(); // twice: a holder that releases in a catch and a finally must not throw
    // Both slots are free again: two connections at once, neither waiting for the lost ones.
    const [first, second] = await Promise.all([pool.connect(), pool.connect()]);
    first.release();
    second.release();
  });

  it('does not hand out again a connection that met a read-only server (25006)', async () => {
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await client.query('begin read only');
    await assert.rejects(client.query('create table written (id int)'), (error: Error & { code?: string }) => {
      assert.equal(error.code, '25006');
      return isDatabaseUnavailable(error);
    });
    await client.query('rollback');
    client.release();
    // Every connection the pool hands out now, as many as it may open, is another session.
    const all = await Promise.all([pool.connect(), pool.connect()]);
    const pids = await Promise.all(
      all.map(async (each) => (await each.query('select pg_backend_pid() as pid')).rows[0].pid),
    );
    for (const each of all) each.release();
    assert.equal(pids.includes(rows[0]!.pid), false, `session ${rows[0]!.pid} handed out again`);
  });
});
