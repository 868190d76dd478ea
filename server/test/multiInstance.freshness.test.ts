import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { TEST_ADMIN_TOKEN, testConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { fundraisers } from '../src/db/schema';
import { importData } from '../src/import/importData';
import { readDemoData } from '../src/import/seed';
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
});
