// Fault test (issue "Outages", part 1): the real API process, under concurrent order load, while
// PostgreSQL and then Redis go away the ways an operator saw in production: every connection cut
// with clients busy, new connections refused, backends terminated (57P01, what a fast PostgreSQL
// restart sends), the database read-only (25006, a failover to a standby) and closed to connections
// (55000, maintenance); Redis cut and refused.
// It fails on any exit of the process, any 500, any request left without an answer, a 503 without
// Retry-After and its reason, a server that does not come back by itself, and any payment lost or
// doubled: every 'success' is one approved payment of a paid order, and the gateway's charges are
// exactly the approved payments recorded. PostgreSQL goes away behind a TCP proxy the test controls
// (pg_terminate_backend and ALTER DATABASE only on the test's own database); Redis too.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { LISTENER_APPLICATION_NAME } from '../src/platform/cache/invalidationListener';
import { openDatabase, POOL_MAX_CONNECTIONS, type Database } from '../src/platform/db/client';
import { orders, payments } from '../src/platform/db/schema';
import { DATABASE_UNAVAILABLE_REASON, RETRY_AFTER_SECONDS } from '../src/platform/http/errors';
import { buildSandbox } from '../src/payments/sandbox/app';
import { answers, emptyDatabase, eventually, TEST_REDIS_URL, uniqueRedisPrefix } from './multiInstance';
import { OrderLoad, type Answer } from './orderLoad';
import { freePort, killHard, startProcess, type Proc } from './processes';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

const SECRET = 'sk_outage_test';
/** Browsers creating, reading and paying orders at once: more than the pool's 10 connections. */
const BROWSERS = 14;
/** How long each outage is held open while the load runs. */
const OUTAGE_MS = 2_000;
/** The longest the server may take to serve normally again once its dependency is back. */
const RECOVERY_MS = 20_000;
const STARTUP_MS = 60_000;
/** Answers in a row without a 503 that tell the server answers normally again. */
const NORMAL_ANSWERS = 40;

/** Why the PostgreSQL outages cannot be played here, or undefined when they can. */
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

const postgresSkip = await postgresMissing();
const redisSkip = (await answers(TEST_REDIS_URL)) ? undefined : `nothing answers at ${TEST_REDIS_URL}`;
if (postgresSkip) console.log(`Skipping the outage test: it needs PostgreSQL (${postgresSkip}).`);
else if (redisSkip) console.log(`Skipping the Redis outages of the outage test: they need Redis (${redisSkip}).`);

/** The API process under test (server/src/main.ts). */
type ApiProcess = Proc;
const startApi = (env: Record<string, string>): ApiProcess => startProcess('server/src/main.ts', env);

/** The last log lines of the API, for a failure message (the reason a process exited is there). */
const tail = (api: ApiProcess, lines = 15) => api.lines.slice(-lines).join('\n');

/** Counts of the answers by status (and 'no answer'), for the summary line and failure messages. */
function tally(list: readonly Answer[]): string {
  const counts = new Map<string, number>();
  for (const { status } of list) counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');
}

/**
 * The answers a client may get while a dependency is away: 2xx, 4xx, or — only when
 * `unavailableAllowed` — a 503 with Retry-After and the reason. Anything else (a 500, no answer at
 * all, a 503 that does not say why) is listed.
 */
function unacceptable(list: readonly Answer[], unavailableAllowed: boolean): Answer[] {
  return list.filter((answer) => {
    if (typeof answer.status !== 'number') return true;
    if (answer.status < 500) return false;
    if (answer.status !== 503 || !unavailableAllowed) return true;
    const reason = (answer.body as { reason?: unknown } | undefined)?.reason;
    return answer.retryAfter !== String(RETRY_AFTER_SECONDS) || reason !== DATABASE_UNAVAILABLE_REASON;
  });
}

// Bounded, so that a server that stops answering fails the run instead of holding CI.
const suite = { skip: postgresSkip && `the outage test needs PostgreSQL (${postgresSkip})`, timeout: 180_000 };
describe('outages under load', suite, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fu-outage-'));
  let database: { url: string; drop(): Promise<void> };
  let admin: pg.Client;
  let sandbox: FastifyInstance;
  let postgresProxy: TcpProxy;
  let redisProxy: TcpProxy | undefined;
  let api: ApiProcess;
  let apiUrl = '';
  let load: OrderLoad;
  const started = Date.now();

  before(async () => {
    database = await emptyDatabase('fu_outage');
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    sandbox = await buildSandbox({ secretKey: SECRET, tokenizePerMinute: 100_000 });
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    const sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as { port: number }).port}`;

    const direct = new URL(database.url);
    postgresProxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(postgresProxy.port);
    let redisUrl = '';
    if (!redisSkip) {
      const redis = new URL(TEST_REDIS_URL);
      redisProxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
      redis.hostname = '127.0.0.1';
      redis.port = String(redisProxy.port);
      redisUrl = redis.toString();
    }

    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    api = startApi({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: viaProxy.toString(),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: uniqueRedisPrefix(),
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      SHELL_DIST: path.join(dataDir, 'no-shell'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      // Every lookup reaches the database, so reads meet the outage as writes do.
      LOOKUP_CACHE_SECONDS: '0',
      PAYMENT_GATEWAY_URL: sandboxUrl,
      SANDBOX_SECRET_KEY: SECRET,
      // Short, so a card attempt an outage left pending that never reached the gateway goes stale quickly.
      GATEWAY_TIMEOUT_MS: '3000',
      PAYMENT_RECOVERY_SECONDS: '1',
      REMINDER_INTERVAL_MINUTES: '0',
      RATE_LIMIT_PROCESS: '100000',
    });
    const up = await eventually(
      async () =>
        api.exit === undefined &&
        (await fetch(`${apiUrl}/api/ready`).then(
          (r) => r.ok,
          () => false,
        )),
      STARTUP_MS,
      100,
    );
    assert.ok(up, `the API did not start (${api.exit ?? 'still running'}):\n${tail(api, 40)}`);
    load = new OrderLoad({ apiUrl, sandboxUrl, browsers: BROWSERS });
  });

  after(async () => {
    await load?.stop();
    await killHard(api);
    await admin?.end();
    await postgresProxy?.close();
    await redisProxy?.close();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  /** Polls `state` until it holds, failing at once when the API process has exited. */
  async function waitUntil(what: string, state: () => Promise<boolean> | boolean, ms = RECOVERY_MS) {
    const held = await eventually(async () => api.exit !== undefined || (await state()), ms, 50);
    assert.equal(api.exit, undefined, `the API process exited (${api.exit}) while waiting for ${what}:\n${tail(api)}`);
    assert.ok(held, `${what}: not within ${ms / 1000} s\n${tail(api)}`);
  }

  /** The load is busy: most browsers have a request in the API, which holds pooled connections. */
  const busy = () => waitUntil('the load to keep the API busy', () => load.inFlight >= BROWSERS - 2, 10_000);

  /** The API's pooled connections to the test's database now (its LISTEN connection aside). */
  const pooledConnections = async () =>
    Number(
      (
        await admin.query<{ count: string }>(
          'SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND application_name <> $2',
          [databaseName(), LISTENER_APPLICATION_NAME],
        )
      ).rows[0]!.count,
    );

  /**
   * Serving normally again: ready; then a run of answers to the load without a 503, payments among
   * them (no connection left on a read-only server, none stuck); and the pool whole — it opens all
   * its connections under the load, so no connection an outage broke is still held.
   */
  async function servingAgain(what: string) {
    await waitUntil(`${what}: the server to be ready`, async () => {
      const ready = await fetch(`${apiUrl}/api/ready`).catch(() => undefined);
      return ready?.status === 200;
    });
    let from = load.answers.length;
    await waitUntil(`${what}: ${NORMAL_ANSWERS} answers in a row without a 503, payments among them`, () => {
      const unavailable = load.answers.findLastIndex((answer) => answer.status === 503);
      from = Math.max(from, unavailable + 1);
      return load.answers.length - from >= NORMAL_ANSWERS && load.paidSince(from) >= 3;
    });
    await waitUntil(
      `${what}: the pool to open its ${POOL_MAX_CONNECTIONS} connections under the load`,
      async () => (await pooledConnections()) === POOL_MAX_CONNECTIONS,
    );
  }

  const databaseName = () => new URL(database.url).pathname.slice(1);

  /** Terminates every backend of the test's own database (never anyone else's): 57P01 to each. */
  const terminateBackends = () =>
    admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [databaseName()]);

  /** Repeats `act` for OUTAGE_MS, the load running meanwhile. */
  async function holdRepeating(act: () => unknown, everyMs: number) {
    const until = Date.now() + OUTAGE_MS;
    while (Date.now() < until) {
      await act();
      await sleep(everyMs);
    }
  }

  /** Prints what the load was answered, phase by phase: the figures of a run, passed or failed. */
  function report(label: string, list: readonly Answer[]) {
    for (const phase of new Set(list.map((answer) => answer.phase)))
      console.log(`#   ${phase}: ${tally(list.filter((answer) => answer.phase === phase))}`);
    const fate = api.exit === undefined ? 'kept running' : `exited (${api.exit})`;
    console.log(`# outage (${label}): ${list.length} answers (${tally(list)}); the API process ${fate}`);
  }

  /** Plays one outage under the load, then waits for the server to serve normally by itself. */
  async function play(phase: string, outage: () => Promise<void>) {
    await busy();
    load.phase = phase;
    await outage();
    const recovering = `${phase}, recovering`;
    load.phase = recovering;
    await servingAgain(phase);
    assert.equal(api.exit, undefined, `the API process exited (${api.exit}) in ${phase}:\n${tail(api)}`);
    // Once the dependency is back only stragglers may fail: one request per connection the pool held
    // or was opening, one per browser waiting. A connection kept on a read-only server fails many.
    const stragglers = load.answers.filter((answer) => answer.phase === recovering && answer.status === 503);
    assert.ok(
      stragglers.length <= POOL_MAX_CONNECTIONS + BROWSERS,
      `${phase}: ${stragglers.length} requests sent after it ended were answered 503`,
    );
  }

  it('PostgreSQL dropping, refusing and terminating connections: 503s with Retry-After, no 500, no exit, no payment lost or doubled', async () => {
    load.phase = 'warm-up';
    load.start();
    try {
      await servingAgain(load.phase);
      await play('connections cut while busy, then refused', async () => {
        await postgresProxy.refuse();
        await sleep(OUTAGE_MS);
        await postgresProxy.restore();
      });
      await play('connections cut again and again (reconnects allowed)', () =>
        holdRepeating(() => postgresProxy.cut(), 300),
      );
      await play('backends terminated (57P01), as a fast restart does', () => holdRepeating(terminateBackends, 100));
      await play('database read-only (25006), as a standby after a failover', async () => {
        await admin.query(`ALTER DATABASE ${databaseName()} SET default_transaction_read_only = on`);
        try {
          await terminateBackends(); // the pool's new sessions take no writes
          await sleep(OUTAGE_MS);
        } finally {
          // Sessions opened meanwhile stay read-only: the pool must replace each by itself.
          await admin.query(`ALTER DATABASE ${databaseName()} RESET default_transaction_read_only`);
        }
      });
      await play('database not accepting connections (55000)', async () => {
        await admin.query(`ALTER DATABASE ${databaseName()} ALLOW_CONNECTIONS false`);
        try {
          await terminateBackends();
          await sleep(OUTAGE_MS);
        } finally {
          await admin.query(`ALTER DATABASE ${databaseName()} ALLOW_CONNECTIONS true`);
        }
      });
    } finally {
      await load.stop();
      report('postgres', load.answers);
    }
    assert.equal(api.exit, undefined, `the API process exited (${api.exit}):\n${tail(api)}`);
    const bad = unacceptable(load.answers, true);
    assert.deepEqual(bad.slice(0, 5), [], `${bad.length} unacceptable answers (${tally(bad)})`);
    assert.ok(
      load.answers.some((answer) => answer.status === 503),
      'no outage was seen: no 503 answered while the database was away',
    );
    assert.ok(
      api.lines.some((line) => line.includes('is not currently accepting connections')),
      'the closed database (55000) was never met',
    );
    await paymentsAddUp();
  });

  it(
    'Redis cut mid-request and refusing: no 500, no exit, payments go on (limits counted here)',
    { skip: redisSkip },
    async () => {
      const from = load.answers.length;
      load.phase = 'Redis warm-up';
      load.start();
      try {
        await servingAgain(load.phase);
        await play('Redis connections cut mid-request', () => holdRepeating(() => redisProxy!.cut(), 300));
        await play('Redis refusing connections', async () => {
          const paidBefore = load.answers.length;
          await redisProxy!.refuse();
          // While Redis is away the instance says so and goes on taking payments (limits counted per instance).
          await waitUntil('readiness to report Redis down', async () => {
            const ready = await fetch(`${apiUrl}/api/ready`).catch(() => undefined);
            return ready?.status === 503 && ((await ready.json()) as { down?: string[] }).down?.join() === 'redis';
          });
          await waitUntil('payments while Redis is away', () => load.paidSince(paidBefore) >= 3);
          await sleep(OUTAGE_MS);
          await redisProxy!.restore();
        });
      } finally {
        await load.stop();
        report('redis', load.answers.slice(from));
      }
      const answered = load.answers.slice(from);
      assert.equal(api.exit, undefined, `the API process exited (${api.exit}):\n${tail(api)}`);
      const bad = unacceptable(answered, false);
      assert.deepEqual(bad.slice(0, 5), [], `${bad.length} unacceptable answers (${tally(bad)})`);
      assert.ok(api.lines.some((line) => line.includes('unreachable: rate limits are counted per instance')));
      assert.ok(api.lines.some((line) => line.includes('answers again')));
      await paymentsAddUp();
    },
  );

  /**
   * After the outages: a supporter whose payment got a 503 presses Pay again with the same card and
   * is answered for good; then every 'success' is one approved payment of a paid order, no order has
   * two, and the gateway's approved charges are exactly the approved payments recorded (recovery
   * records a charge whose answer an outage cut off).
   */
  async function paymentsAddUp() {
    let paidAgain = 0;
    for (const order of load.orders.values()) {
      if (order.outcomes.every((outcome) => typeof outcome === 'number')) {
        const again = await load.payAgain(order);
        assert.equal(again.status, 200, `order ${order.orderId} paid again after ${order.outcomes.join(', ')}`);
        paidAgain++;
      }
    }
    // Opened now, directly (not through the proxy): the outages above would have cut it too.
    const check = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    try {
      await settledPayments(check.db, paidAgain);
    } finally {
      await check.close();
    }
  }

  /** The money side of paymentsAddUp, read from the gateway and the database once recovery has run. */
  async function settledPayments(db: Database, paidAgain: number) {
    const gatewayApproved = async () =>
      (
        (await sandbox.inject({ url: '/v1/charges', headers: { authorization: `Bearer ${SECRET}` } })).json() as {
          data: { idempotencyKey: string; status: string; id?: string; amount?: number }[];
        }
      ).data.filter((charge) => charge.status === 'approved');
    const recorded = async () => (await db.select().from(payments)).filter((payment) => payment.status === 'approved');
    const charged = (list: { idempotencyKey: string }[]) =>
      list
        .map((item) => item.idempotencyKey)
        .sort()
        .join();
    await waitUntil(
      'recovery to record every charge the gateway made',
      async () => charged(await gatewayApproved()) === charged(await recorded()),
    );

    const approved = await recorded();
    assert.deepEqual(
      (await gatewayApproved()).map((c) => [c.idempotencyKey, c.id, c.amount]).sort(),
      approved.map((p) => [p.idempotencyKey, p.gatewayRef, p.amount]).sort(),
      'the gateway charged what the database does not record as approved, or the other way round',
    );
    assert.equal(new Set(approved.map((p) => p.orderId)).size, approved.length, 'an order was charged twice');
    const ids = [...load.orders.keys()];
    const stored = new Map((await db.select().from(orders).where(inArray(orders.id, ids))).map((o) => [o.id, o]));
    let successes = 0;
    for (const order of load.orders.values()) {
      const succeeded = order.outcomes.includes('success');
      if (succeeded) successes++;
      if (order.declinedCard) assert.equal(succeeded, false, `order ${order.orderId} paid with the declined card`);
      else assert.ok(succeeded, `order ${order.orderId} was never paid: ${order.outcomes.join(', ')}`);
      const paid = approved.filter((p) => p.orderId === order.orderId);
      assert.equal(paid.length, succeeded ? 1 : 0, `approved payments of order ${order.orderId}`);
      assert.equal(stored.get(order.orderId)?.status, succeeded ? 'paid' : 'unpaid', `order ${order.orderId}`);
      if (succeeded) assert.equal(paid[0]!.amount, order.amount, `amount charged for order ${order.orderId}`);
    }
    console.log(
      `# outage: ${load.orders.size} orders, ${successes} paid (${paidAgain} paid again after a 503), ` +
        `${approved.length} charges, ` +
        `${Math.round((Date.now() - started) / 1000)} s since start`,
    );
  }
});
