import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { TEST_ADMIN_TOKEN, testConfig } from '../src/platform/config/config';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/client';
import { fundraisers, teams } from '../src/platform/db/schema';
import { listen, LISTENER_APPLICATION_NAME } from '../src/platform/cache/invalidationListener';
import { LOOKUPS_CHANGED_CHANNEL } from '../src/platform/cache/lookupCache';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { emptyDatabase, eventually, multiInstanceSkip } from './multiInstance';

const skip = await multiInstanceSkip();

describe('lookup cache across instances', { skip }, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  const handles: DatabaseHandle[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  before(async () => {
    database = await emptyDatabase();
    // A long TTL: only a notice from the other instance can make B's answer fresh.
    const start = async () => {
      const handle = await openDatabase({ databaseUrl: database.url, dataDir: '' });
      handles.push(handle);
      const app = await buildApp({ config: testConfig({ lookupCacheSeconds: 300 }), database: handle });
      await app.ready();
      return app;
    };
    a = await start();
    await importData(handles[0]!.db, readDemoData());
    b = await start();
  });
  after(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  const teamNameOn = async (app: FastifyInstance) => {
    const response = await app.inject('/api/Fundraisers/GetFundraiserDetails?fundraiserId=1');
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as { teamName: string }).teamName;
  };

  it('an instance has listened, and cleared what it cached, by the time it is ready', async () => {
    // An instance that served before its first LISTEN could cache a row and then have the
    // first-connect clear race a change (CI saw it), so listen() reports when it is ready and the
    // app waits for it. The observer connects first, so its own connect gives the listener no time.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    let clears = 0;
    const listener = listen({
      url: database.url,
      channel: LOOKUPS_CHANGED_CHANNEL,
      onNotice: () => void clears++,
      log: { warn: (message) => assert.fail(message) },
    });
    try {
      await listener.ready;
      assert.equal(clears, 1);
      const { rows } = await admin.query(
        `SELECT 1 FROM pg_stat_activity
          WHERE application_name = $1 AND datname = current_database() AND state = 'idle' AND query LIKE 'LISTEN %'`,
        [LISTENER_APPLICATION_NAME],
      );
      assert.equal(rows.length, 3, 'A, B and this listener');
      await admin.query('SELECT pg_notify($1, $2)', [LOOKUPS_CHANGED_CHANNEL, '']);
      assert.ok(await eventually(async () => clears === 2, 5000), 'the notice was heard');
    } finally {
      await listener.close();
      await admin.end();
    }
  });

  it('a team saved on one instance is served fresh by the other within a second', async () => {
    const before = await teamNameOn(b);
    assert.notEqual(before, 'Renamed on A');
    const [fundraiser] = await handles[0]!.db
      .select({ teamId: fundraisers.teamId })
      .from(fundraisers)
      .where(eq(fundraisers.id, 1));
    const teamId = fundraiser!.teamId;

    const saved = await a.inject({
      method: 'POST',
      url: '/api/Admin/SaveTeam',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: { id: teamId, name: 'Renamed on A' },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const fresh = await eventually(async () => (await teamNameOn(b)) === 'Renamed on A', 1000);
    assert.ok(fresh, 'B still served the cached team name a second after A saved it');
  });

  it('an import from another process (the CLI) reaches the running instances', async () => {
    // The CLI opens its own handle: a process of its own as far as the caches are concerned.
    const cli = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    try {
      assert.equal(await teamNameOn(a), 'Renamed on A');
      assert.equal(await teamNameOn(b), 'Renamed on A');
      // The demo file names the team as it was before the rename.
      await importData(cli.db, readDemoData());
      const original = await eventually(
        async () => (await teamNameOn(a)) !== 'Renamed on A' && (await teamNameOn(b)) !== 'Renamed on A',
        1000,
      );
      assert.ok(original, 'the instances kept serving the name the import replaced');
    } finally {
      await cli.close();
    }
  });

  it('an instance whose listening connection dropped listens again and reads afresh', async () => {
    // The import of the test before was heard by both (they served it): no notice is on its way now.
    assert.notEqual(await teamNameOn(b), 'Changed while deaf');
    const [fundraiser] = await handles[0]!.db
      .select({ teamId: fundraisers.teamId })
      .from(fundraisers)
      .where(eq(fundraisers.id, 1));
    // Both instances' listening connections are cut (a database restart, a failover)…
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTENER_APPLICATION_NAME],
      );
      assert.equal(rows.length, 2);
      // …and meanwhile a change goes by that no one hears: only clearing on reconnect shows it.
      await handles[0]!.db.update(teams).set({ name: 'Changed while deaf' }).where(eq(teams.id, fundraiser!.teamId));
      const fresh = await eventually(async () => (await teamNameOn(b)) === 'Changed while deaf', 5000);
      assert.ok(fresh, 'B never read afresh after its listener came back');
      const listening = await eventually(async () => {
        const again = await admin.query(
          'SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
          [LISTENER_APPLICATION_NAME],
        );
        return again.rows.length === 2;
      }, 5000);
      assert.ok(listening, 'both instances listen again');
    } finally {
      await admin.end();
    }
  });
});
