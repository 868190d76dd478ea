import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { ACCESS_MESSAGES } from '@fu/shared/contracts';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/platform/config/config';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/client';
import { fundraiserDevices, phoneBudgets, smsDailyCounts } from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { TOO_MANY_LOOKUPS } from '../src/students/services/phoneLookups';
import { createTestApp, textsTo } from './helpers';
import { TEST_REDIS_URL, emptyDatabase, multiInstanceSkip, uniqueRedisPrefix } from './multiInstance';
import { smsEndpoint } from './smsEndpoint';

/**
 * Rate limits with several instances behind one address: per-client limits are counted in Redis,
 * per-phone budgets in PostgreSQL, so two instances together allow what one would. Real HTTP to
 * two servers on one database (and one Redis), requests alternating between them.
 */

const TOO_MANY_REQUESTS = /^Too many requests\. Please wait \d+ seconds and try again\.$/;
const PURCHASE = '33333333-3333-4333-8333-333333333333';

interface Instances {
  urls: [string, string];
  database: DatabaseHandle;
  /** The Redis key prefix of this pair (undefined: in-process limits). */
  prefix?: string;
  close(): Promise<void>;
}

type Overrides = Omit<Partial<Config>, 'rateLimits'> & { rateLimits?: Partial<Config['rateLimits']> };

/** Two instances on the database at `url`, each with its own connection pool, listening on 127.0.0.1. */
async function twoInstances(url: string, overrides: Overrides, redis = true): Promise<Instances> {
  const prefix = redis ? uniqueRedisPrefix() : undefined;
  const config = testConfig({
    databaseUrl: url,
    ...(prefix ? { redisUrl: TEST_REDIS_URL, redisKeyPrefix: prefix } : {}),
    ...overrides,
    rateLimits: { ...testConfig().rateLimits, ...overrides.rateLimits },
  });
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];
  // One after the other: the first applies the migrations, the second finds them applied.
  for (let i = 0; i < 2; i++) {
    const handle = await openDatabase({ databaseUrl: url, dataDir: '' });
    handles.push(handle);
    const app = await buildApp({ config, database: handle });
    apps.push(app);
    urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
  }
  return {
    urls: urls as [string, string],
    database: handles[0]!,
    prefix,
    close: async () => {
      // Each app closes its own database handle.
      for (const app of apps) await app.close();
      if (prefix) await deleteKeys(prefix);
    },
  };
}

/** The Redis keys under a prefix (read with a client of no prefix of its own). */
async function keysUnder(prefix: string): Promise<string[]> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    return keys;
  } finally {
    redis.disconnect();
  }
}

async function deleteKeys(prefix: string) {
  const keys = await keysUnder(prefix);
  if (!keys.length) return;
  const redis = new Redis(TEST_REDIS_URL);
  await redis.del(...keys);
  redis.disconnect();
}

async function call(
  base: string,
  path: string,
  options: { method?: string; body?: unknown; forwardedFor?: string } = {},
): Promise<{ status: number; body: { message?: string } & Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  const response = await fetch(base + path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: { message?: string } & Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as typeof body;
  } catch {
    // Not JSON: only the status matters.
  }
  return { status: response.status, body };
}

const lookupReceipt = (base: string, forwardedFor?: string) =>
  call(base, '/api/Orders/LookupReceipt', {
    method: 'POST',
    body: { orderId: 999999, email: 'nobody@example.com' },
    forwardedFor,
  });

const statusesOf = (answers: { status: number }[]) => answers.map((answer) => answer.status);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

const multiSkip = await multiInstanceSkip();

describe('per-client rate limits across two instances (Redis)', { skip: multiSkip }, () => {
  let database: { url: string; drop(): Promise<void> };
  before(async () => {
    database = await emptyDatabase();
  });
  after(() => database?.drop());

  it('a receipt lookup limit of 4 allows 4 lookups in all, alternating instances; the 5th is 429', async () => {
    const pair = await twoInstances(database.url, {
      rateLimits: { receiptLookupPerMinute: 4 },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await lookupReceipt(pair.urls[i % 2]!)).status);
      assert.deepEqual(statuses, [404, 404, 404, 404, 429, 429]);
      const refused = await lookupReceipt(pair.urls[0]);
      assert.match(refused.body.message ?? '', TOO_MANY_REQUESTS);
      // Counted under this deployment's prefix (REDIS_KEY_PREFIX), nowhere else.
      const keys = await keysUnder(pair.prefix!);
      assert.ok(keys.length > 0 && keys.every((key) => key.startsWith(`${pair.prefix}rate-limit:`)), String(keys));
    } finally {
      await pair.close();
    }
  });

  it('ProcessOrder with a limit of 5: of 12 parallel calls on both instances exactly 5 get past the limit', async () => {
    const pair = await twoInstances(database.url, { rateLimits: { processPerMinute: 5 } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          call(pair.urls[i % 2]!, '/api/Orders/ProcessOrder', { method: 'POST', body: {} }),
        ),
      );
      const statuses = statusesOf(answers);
      assert.equal(count(statuses, 429), 7, String(statuses));
      assert.ok(
        answers
          .filter((answer) => answer.status === 429)
          .every((answer) => TOO_MANY_REQUESTS.test(answer.body.message!)),
      );
    } finally {
      await pair.close();
    }
  });

  it('texts per client (RATE_LIMIT_SMS 5): 5 shares to 8 phones in all, alternating instances', async () => {
    const pair = await twoInstances(database.url, { rateLimits: { smsPerMinute: 5 } });
    try {
      await importData(pair.database.db, readDemoData());
      const answers = [];
      for (let i = 0; i < 8; i++) {
        answers.push(
          await call(
            pair.urls[i % 2]!,
            `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${PURCHASE}&phoneNumber=51255502${10 + i}`,
          ),
        );
      }
      assert.deepEqual(statusesOf(answers), [200, 200, 200, 200, 200, 429, 429, 429]);
      assert.match(answers.at(-1)!.body.message ?? '', TOO_MANY_REQUESTS);
    } finally {
      await pair.close();
    }
  });

  it('student-name checks (RATE_LIMIT_STUDENT_MATCH 4): 4 in all on both instances, directory orders included', async () => {
    // A database of its own, with the demo team whose roster a stranger would walk.
    const own = await emptyDatabase();
    const pair = await twoInstances(own.url, { rateLimits: { studentMatchPerMinute: 4 } });
    try {
      await importData(pair.database.db, readDemoData());
      const check = (base: string, firstName: string) =>
        call(base, `/api/Orders/MatchStudent?fundraiserId=1&firstName=${firstName}&lastName=Rivera`);
      // A directory-path order (no student link) matches its typed name too, from the same budget.
      const order = (base: string, studentFirstName: string) =>
        call(base, '/api/Orders/CreateOrder', {
          method: 'POST',
          body: {
            fundraiserId: 1,
            studentFirstName,
            studentLastName: 'Rivera',
            fundraiserOrderItems: [{ itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 111, qty: 1 }] }],
          },
        });
      const answers = [
        await check(pair.urls[0], 'Jordan'),
        await check(pair.urls[1], 'Casey'),
        await order(pair.urls[0], 'Riley'),
        await check(pair.urls[1], 'Sam'),
        await check(pair.urls[0], 'Alex'),
        await order(pair.urls[1], 'Jordan'),
      ];
      // The check over the budget is refused; the order over it is taken, its name unchecked.
      assert.deepEqual(statusesOf(answers), [200, 200, 200, 200, 429, 200]);
      assert.deepEqual(answers[0]!.body, { match: 'one', displayName: 'Jordan R.' });
      assert.match(answers[4]!.body.message ?? '', TOO_MANY_REQUESTS);
      const keys = await keysUnder(pair.prefix!);
      assert.ok(
        keys.some((key) => key.startsWith(`${pair.prefix}rate-limit:student-match:`)),
        `one budget for both calls: ${keys}`,
      );
    } finally {
      await pair.close();
      await own.drop();
    }
  });

  it('TRUST_PROXY naming the proxy: clients behind it have their own budgets, and a forged hop buys none', async () => {
    const pair = await twoInstances(database.url, {
      trustProxy: ['127.0.0.1'],
      rateLimits: { receiptLookupPerMinute: 2 },
    });
    try {
      const [a, b] = pair.urls;
      assert.deepEqual(
        statusesOf([await lookupReceipt(a, '203.0.113.1'), await lookupReceipt(b, '203.0.113.1')]),
        [404, 404],
      );
      assert.equal((await lookupReceipt(a, '203.0.113.1')).status, 429);
      // The same client writing its own X-Forwarded-For: the proxy appends the address it saw.
      assert.equal((await lookupReceipt(b, '198.51.100.9, 203.0.113.1')).status, 429);
      // Another client behind the proxy is not affected.
      assert.equal((await lookupReceipt(b, '203.0.113.2')).status, 404);
      assert.equal((await lookupReceipt(a, '203.0.113.2')).status, 404);
      assert.equal((await lookupReceipt(a, '203.0.113.2')).status, 429);
    } finally {
      await pair.close();
    }
  });

  it('TRUST_PROXY as a hop count through a private peer: clients behind it have their own budgets', async () => {
    const pair = await twoInstances(database.url, {
      trustProxy: 1,
      rateLimits: { receiptLookupPerMinute: 1 },
    });
    try {
      const [a, b] = pair.urls;
      assert.equal((await lookupReceipt(a, '203.0.113.5')).status, 404);
      assert.equal((await lookupReceipt(b, '203.0.113.5')).status, 429);
      assert.equal((await lookupReceipt(b, '203.0.113.6')).status, 404);
    } finally {
      await pair.close();
    }
  });

  it('without TRUST_PROXY a forged X-Forwarded-For is ignored: no fresh budget', async () => {
    for (const trustProxy of [false, ['10.0.0.0/8']] as const) {
      const pair = await twoInstances(database.url, {
        trustProxy: trustProxy === false ? false : [...trustProxy],
        rateLimits: { receiptLookupPerMinute: 2 },
      });
      try {
        const [a, b] = pair.urls;
        const statuses = statusesOf([
          await lookupReceipt(a),
          await lookupReceipt(b, '203.0.113.20'),
          await lookupReceipt(a, '203.0.113.21'),
          await lookupReceipt(b, '203.0.113.22, 203.0.113.23'),
        ]);
        assert.deepEqual(statuses, [404, 404, 429, 429], `trustProxy ${JSON.stringify(trustProxy)}`);
      } finally {
        await pair.close();
      }
    }
  });
});

/**
 * Per-phone budgets live in PostgreSQL whatever the per-client limits use: these pairs run without
 * Redis, firing in parallel at both instances, each with its own connection pool.
 */
const postgresSkip = process.env.DATABASE_URL
  ? false
  : 'per-phone budgets across instances need PostgreSQL: set DATABASE_URL';

describe('per-phone daily budgets across two instances (PostgreSQL)', { skip: postgresSkip }, () => {
  let database: { url: string; drop(): Promise<void> };
  let pair: Instances;
  before(async () => {
    database = await emptyDatabase();
    pair = await twoInstances(
      database.url,
      {
        rateLimits: {
          smsPerPhonePerDay: 5,
          newPagesPerPhonePerDay: 3,
          phoneLookupsPerPhonePerDay: 3,
        },
      },
      false,
    );
    await importData(pair.database.db, readDemoData());
  });
  after(async () => {
    await pair?.close();
    await database?.drop();
  });

  const fireAtBoth = <T>(n: number, request: (base: string, i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => request(pair.urls[i % 2]!, i)));

  it('texts to one phone: 16 parallel shares on both instances send exactly 5 texts, the rest 429', async () => {
    const phone = '5125550171';
    const answers = await fireAtBoth(16, (base) =>
      call(base, `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${PURCHASE}&phoneNumber=${phone}`),
    );
    const statuses = statusesOf(answers);
    assert.equal(count(statuses, 200), 5, String(statuses));
    assert.equal(count(statuses, 429), 11, String(statuses));
    assert.ok(answers.filter((a) => a.status === 429).every((a) => a.body.message === ACCESS_MESSAGES.tooManyTexts));
    assert.equal((await textsTo(pair.database, phone)).length, 5);
  });

  it('new pages for one phone: 10 parallel calls on both instances make exactly 3 pages', async () => {
    const phone = '5125550172';
    const statuses = statusesOf(
      await fireAtBoth(10, (base, i) =>
        call(base, '/api/Orders/NewFundraiserDevice', {
          method: 'POST',
          body: { fundraiserId: 1, phone, studentFirstName: `Kid${i}`, studentLastName: 'X' },
        }),
      ),
    );
    assert.equal(count(statuses, 200), 3, String(statuses));
    assert.equal(count(statuses, 429), 7, String(statuses));
    const pages = await pair.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.phone, phone));
    assert.equal(pages.length, 3);
  });

  it('phone lookups for one phone: 10 parallel lookups on both instances answer 3, and spend 3 texts', async () => {
    const phone = '5125550173';
    const answers = await fireAtBoth(10, (base) => call(base, `/api/Fundraisers/GetFundraiserDevice?phone=${phone}`));
    const statuses = statusesOf(answers);
    assert.equal(count(statuses, 200), 3, String(statuses));
    assert.ok(answers.filter((a) => a.status === 429).every((a) => a.body.message === TOO_MANY_LOOKUPS));
    const budget = async () =>
      (
        await pair.database.db
          .select({ purpose: phoneBudgets.purpose, used: phoneBudgets.used })
          .from(phoneBudgets)
          .where(eq(phoneBudgets.phone, phone))
      )
        .map((row) => `${row.purpose}=${row.used}`)
        .sort()
        .join(' ');
    assert.equal(await budget(), 'lookup=3 sms=3');
  });
});

describe('the daily text cap across two instances (PostgreSQL)', { skip: postgresSkip }, () => {
  const endpoint = smsEndpoint();
  let database: { url: string; drop(): Promise<void> };
  let pair: Instances;
  before(async () => {
    await endpoint.start();
    database = await emptyDatabase();
    pair = await twoInstances(database.url, { sms: { httpUrl: endpoint.url() }, smsDailyCap: 3 }, false);
    await importData(pair.database.db, readDemoData());
  });
  after(async () => {
    await pair?.close();
    await database?.drop();
    await endpoint.stop();
  });

  it('SMS_DAILY_CAP 3: of 10 parallel shares to 10 phones on both instances, 3 reach the provider, the rest 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(
          pair.urls[i % 2]!,
          `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${PURCHASE}&phoneNumber=51255503${10 + i}`,
        ),
      ),
    );
    const statuses = statusesOf(answers);
    assert.equal(count(statuses, 200), 3, String(statuses));
    assert.ok(answers.filter((a) => a.status === 429).every((a) => a.body.message === ACCESS_MESSAGES.dailyTextCap));
    assert.equal(endpoint.received.length, 3);
    const [today] = await pair.database.db.select().from(smsDailyCounts);
    assert.equal(today!.sent, 3);
  });
});

describe('rate limits on one instance without a shared Redis', () => {
  it('a Redis that does not answer neither stops the server nor lifts the limit: it is counted in the instance', async () => {
    // A port nothing listens on: a server opened and closed again.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const t = await createTestApp({
      demo: false,
      config: {
        redisUrl: `redis://127.0.0.1:${port}`,
        rateLimits: { ...testConfig().rateLimits, receiptLookupPerMinute: 1 },
      },
    });
    try {
      assert.ok(t.app.redis, 'the client exists, reconnecting in the background');
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/Orders/LookupReceipt',
          payload: { orderId: 999999, email: 'nobody@example.com' },
        });
        statuses.push(answer.statusCode);
      }
      // Redis away (logged once): the instance counts on its own instead of letting everything through.
      assert.deepEqual(statuses, [404, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('a hop count believes X-Forwarded-For only from a loopback or private peer', async () => {
    const t = await createTestApp({
      demo: false,
      config: { trustProxy: 1, rateLimits: { ...testConfig().rateLimits, receiptLookupPerMinute: 1 } },
    });
    try {
      const lookup = (remoteAddress: string, forwardedFor: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/Orders/LookupReceipt',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { orderId: 999999, email: 'nobody@example.com' },
        });
      // A client on the internet reaching the server directly cannot pick its address.
      assert.equal((await lookup('203.0.113.30', '198.51.100.1')).statusCode, 404);
      assert.equal((await lookup('203.0.113.30', '198.51.100.2')).statusCode, 429);
      // Through a proxy on the private network, each client behind it counts apart.
      assert.equal((await lookup('10.0.0.5', '198.51.100.3')).statusCode, 404);
      assert.equal((await lookup('10.0.0.5', '198.51.100.4')).statusCode, 404);
      assert.equal((await lookup('10.0.0.5', '198.51.100.3')).statusCode, 429);
    } finally {
      await t.close();
    }
  });
});
