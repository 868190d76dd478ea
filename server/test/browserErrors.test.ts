// Errors the browser reports (POST /api/Logger/Log/) carry the remote and release they came from:
// kept and logged with them, and counted by both in browser_errors_total with labels the server
// bounds (a known remote or 'shell', a version it knows), so a canary's error rate can be compared
// with the stable release's.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { desc } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RemoteName } from '@fu/shared/remotes';
import { buildApp } from '../src/app';
import { testConfig } from '../src/platform/config/config';
import { logs } from '../src/platform/db/schema';
import { registry } from '../src/platform/http/metrics';
import repositoriesPlugin from '../src/platform/plugins/repositories';
import loggerRoutes from '../src/browserLogs/routes/logger';
import { freshDatabase } from './helpers';
import { sample, scrape } from './prometheus';

const LOG = '/api/Logger/Log/';
const METRIC = 'browser_errors_total';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

before(async () => {
  database = await freshDatabase();
  app = await buildApp({
    config: testConfig({ logLevel: 'info' }),
    database,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await app.ready();
});

after(async () => {
  await app.close();
  await database.drop();
});

const log = (target: FastifyInstance, payload: Record<string, unknown>) =>
  target.inject({ method: 'POST', url: LOG, payload });

/** The newest row of `logs`: what the browser's report was kept as. */
const lastStored = async () => (await database.db.select().from(logs).orderBy(desc(logs.id)).limit(1))[0];

/** How far `act` moved the counter's series for `labels` (the registry is the process's, shared by every app). */
async function counted(labels: Record<string, string>, act: () => Promise<unknown>): Promise<number> {
  const before = sample(await registry.metrics(), METRIC, labels);
  await act();
  return sample(await registry.metrics(), METRIC, labels) - before;
}

describe('POST /api/Logger/Log/ with the remote and version', () => {
  it('keeps and logs the remote and version, and counts the error by them', async () => {
    const labels = { remote: 'checkout', version: 'unreleased' };
    const before = sample(await scrape(app), METRIC, labels);
    const answer = await log(app, {
      message: 'TypeError: x is undefined',
      level: 4,
      remote: 'checkout',
      version: 'unreleased',
    });
    assert.equal(answer.statusCode, 200, answer.body);
    assert.deepEqual(answer.json(), { logged: true });
    assert.equal(sample(await scrape(app), METRIC, labels), before + 1);

    assert.equal((await lastStored())?.message, 'browser report [checkout@unreleased]: TypeError: x is undefined');
    const line = lines.find((entry) => entry.clientMessage === 'TypeError: x is undefined');
    assert.ok(line, 'a log line for the report');
    assert.equal(line.msg, 'browser log');
    assert.equal(line.remote, 'checkout');
    assert.equal(line.version, 'unreleased');
  });

  it('still takes the spec body of message and level alone', async () => {
    const increase = await counted({ remote: 'unknown', version: 'none' }, async () => {
      const answer = await log(app, { message: 'Card Tokenization Error', level: 4 });
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(answer.json(), { logged: true });
    });
    assert.equal(increase, 1);
    assert.equal((await lastStored())?.message, 'browser report: Card Tokenization Error');
  });

  it('counts only errors (level 4 and up)', async () => {
    const increase = await counted({ remote: 'ordering', version: 'unreleased' }, async () => {
      assert.equal(
        (await log(app, { message: 'a notice', level: 3, remote: 'ordering', version: 'unreleased' })).statusCode,
        200,
      );
    });
    assert.equal(increase, 0);
    assert.equal((await lastStored())?.message, 'browser report [ordering@unreleased]: a notice');
  });

  it("bounds the labels: a version the server does not know is 'other', a name that is no remote 'unknown'", async () => {
    const visitorsVersion = 'made-up-by-a-visitor';
    assert.equal(
      await counted({ remote: 'ordering', version: 'other' }, () =>
        log(app, { message: 'boom', level: 4, remote: 'ordering', version: visitorsVersion }),
      ),
      1,
    );
    assert.equal(
      await counted({ remote: 'unknown', version: 'unreleased' }, () =>
        log(app, { message: 'boom', level: 4, remote: 'payments', version: 'unreleased' }),
      ),
      1,
    );
    assert.equal(
      await counted({ remote: 'shell', version: 'none' }, () =>
        log(app, { message: 'boom', level: 5, remote: 'shell' }),
      ),
      1,
    );
    const text = await scrape(app);
    assert.doesNotMatch(text, new RegExp(`${METRIC}\\{[^}]*${visitorsVersion}`));
    assert.doesNotMatch(text, new RegExp(`${METRIC}\\{[^}]*payments`));
    // The stored row and the log line keep what the page said.
    assert.equal((await lastStored())?.message, 'browser report [shell]: boom');
  });

  it('refuses a remote or version outside the patterns, and counts nothing for it', async () => {
    const before = await registry.metrics();
    for (const body of [
      { remote: 'Checkout' },
      { remote: 'checkout}' },
      { remote: 'a'.repeat(33) },
      { remote: 'checkout', version: '../1.0.0' },
      { remote: 'checkout', version: 'v'.repeat(65) },
      { remote: 'checkout', version: '' },
    ]) {
      const answer = await log(app, { message: 'boom', level: 4, ...body });
      assert.equal(answer.statusCode, 400, JSON.stringify(body));
      assert.equal(typeof answer.json().message, 'string');
    }
    const series = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith(METRIC))
        .join('\n');
    assert.equal(series(await registry.metrics()), series(before));
  });
});

describe('the releaseVersions route option', () => {
  const KNOWN = '1.4.0-dfc1de6';
  let small: FastifyInstance;
  const asked: [RemoteName, string][] = [];

  before(async () => {
    small = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    small.decorate('database', database);
    await small.register(repositoriesPlugin, {
      links: { gatewayUrl: 'http://localhost', appSiteUrl: 'http://localhost' },
    });
    await small.register(loggerRoutes, {
      perMinute: 1000,
      releaseVersions: {
        isKnown: async (remote, version) => {
          asked.push([remote, version]);
          if (version === 'registry-down') throw new Error('the registry could not be read');
          return remote === 'tickets' && version === KNOWN;
        },
      },
    });
    await small.ready();
  });

  after(() => small.close());

  it("counts a version the registry knows by its name, and any other as 'other'", async () => {
    assert.equal(
      await counted({ remote: 'tickets', version: KNOWN }, () =>
        log(small, { message: 'boom', level: 4, remote: 'tickets', version: KNOWN }),
      ),
      1,
    );
    assert.equal(
      await counted({ remote: 'fundraiser', version: 'other' }, () =>
        log(small, { message: 'boom', level: 4, remote: 'fundraiser', version: KNOWN }),
      ),
      1,
    );
    assert.equal(
      await counted({ remote: 'tickets', version: 'other' }, () =>
        log(small, { message: 'boom', level: 4, remote: 'tickets', version: 'registry-down' }),
      ),
      1,
    );
    assert.deepEqual(asked, [
      ['tickets', KNOWN],
      ['fundraiser', KNOWN],
      ['tickets', 'registry-down'],
    ]);
  });

  it("takes 'unreleased' without asking, and asks nothing for the shell or an unknown name", async () => {
    asked.length = 0;
    assert.equal(
      await counted({ remote: 'tickets', version: 'unreleased' }, () =>
        log(small, { message: 'boom', level: 4, remote: 'tickets', version: 'unreleased' }),
      ),
      1,
    );
    assert.equal(
      await counted({ remote: 'shell', version: 'other' }, () =>
        log(small, { message: 'boom', level: 4, remote: 'shell', version: KNOWN }),
      ),
      1,
    );
    assert.equal(
      await counted({ remote: 'unknown', version: 'other' }, () =>
        log(small, { message: 'boom', level: 4, remote: 'nope', version: KNOWN }),
      ),
      1,
    );
    assert.deepEqual(asked, []);
  });
});
