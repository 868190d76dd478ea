import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { createLookupCache } from '../src/platform/cache/lookupCache';
import { TEST_ADMIN_TOKEN } from '../src/platform/config/config';
import { fundraisers, schools, teams } from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { createTestApp, type TestApp } from './helpers';
import { newOrderBody } from './fixtures';

describe('lookup cache', () => {
  const counting = () => {
    let loads = 0;
    return {
      load: async () => ++loads,
      get loads() {
        return loads;
      },
    };
  };

  it('serves an entry for its TTL, then loads it again', async () => {
    let clock = 0;
    const cache = createLookupCache({ ttlMs: 1000, now: () => clock });
    const source = counting();
    assert.equal(await cache.get('k', source.load), 1);
    clock = 999;
    assert.equal(await cache.get('k', source.load), 1);
    clock = 1000;
    assert.equal(await cache.get('k', source.load), 2);
    assert.equal(source.loads, 2);
  });

  it('keeps keys apart', async () => {
    const cache = createLookupCache({ ttlMs: 1000 });
    assert.equal(await cache.get('a', async () => 'A'), 'A');
    assert.equal(await cache.get('b', async () => 'B'), 'B');
    assert.equal(await cache.get('a', async () => 'other'), 'A');
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createLookupCache({ ttlMs: 1000 });
    const source = counting();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', source.load)));
    assert.deepEqual(new Set(answers), new Set([1]));
    assert.equal(source.loads, 1);
  });

  it('does not remember a failed load', async () => {
    const cache = createLookupCache({ ttlMs: 1000 });
    await assert.rejects(() => cache.get('k', () => Promise.reject(new Error('database down'))), /database down/);
    assert.equal(await cache.get('k', async () => 'fine'), 'fine');
  });

  it('clear() forgets everything, and a load still running is not stored', async () => {
    const cache = createLookupCache({ ttlMs: 1000 });
    let release!: (value: string) => void;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    release('before the write');
    assert.equal(await slow, 'before the write');
    assert.equal(await cache.get('k', async () => 'after the write'), 'after the write');
    assert.equal(cache.size, 1);
  });

  it('is off with a TTL of 0', async () => {
    const cache = createLookupCache({ ttlMs: 0 });
    const source = counting();
    await cache.get('k', source.load);
    await cache.get('k', source.load);
    assert.equal(source.loads, 2);
    assert.equal(cache.size, 0);
  });

  it('drops the oldest entries past its size', async () => {
    const cache = createLookupCache({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    assert.equal(cache.size, 2);
    assert.equal(await cache.get('a', async () => 'reloaded'), 'reloaded');
    assert.equal(await cache.get('c', async () => 'reloaded'), 'c');
  });
});

describe('cached lookups through the API', () => {
  let t: TestApp;
  // A long TTL, so only invalidation can explain a fresh answer.
  before(async () => {
    t = await createTestApp({ config: { lookupCacheSeconds: 3600 } });
  });
  after(() => t.close());

  const json = async (url: string) => {
    const response = await t.inject(url);
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };
  const states = () => json('/api/Fundraisers/ListActiveStates?itemId=0');
  const teamNames = async (schoolId: number) =>
    (
      (await json(`/api/Fundraisers/ListActiveFundraisers?schoolId=${schoolId}&itemId=0`)) as { teamName: string }[]
    ).map((f) => f.teamName);

  it('serves a lookup from the cache until something invalidates it', async () => {
    const first = await states();
    assert.ok(first.includes('Texas'));
    // A write behind the API's back (no invalidation) is not seen while the entry lives…
    await t.database.db.update(schools).set({ state: 'Zzland' }).where(eq(schools.id, 1));
    assert.deepEqual(await states(), first);
    // …and an import, which invalidates, is seen at once.
    const [school] = await t.database.db.select().from(schools).where(eq(schools.id, 1));
    await importData(t.database.db, { schools: [{ id: 1, name: school!.name, state: 'Yyland' }] });
    const fresh = await states();
    assert.ok(fresh.includes('Yyland'));
    assert.ok(!fresh.includes('Zzland'));
    await importData(t.database.db, readDemoData());
    assert.deepEqual(await states(), first);
  });

  it('an import that deactivates a fundraiser shows in the lookups at once', async () => {
    const data = readDemoData() as { fundraisers: { id: number; schoolId: number; isActive: boolean }[] };
    const school = data.fundraisers.find((f) => f.id === 1)!.schoolId;
    const before = await json(`/api/Fundraisers/ListActiveFundraisers?schoolId=${school}&itemId=0`);
    assert.ok(before.some((f: { id: number }) => f.id === 1));
    const order = await json('/api/Fundraisers/GetFundraiserDetails?fundraiserId=1');
    assert.equal(order.isActive, true);

    await importData(t.database.db, {
      ...data,
      fundraisers: data.fundraisers.map((f) => (f.id === 1 ? { ...f, isActive: false } : f)),
    });
    const after = await json(`/api/Fundraisers/ListActiveFundraisers?schoolId=${school}&itemId=0`);
    assert.ok(!after.some((f: { id: number }) => f.id === 1));
    assert.equal((await json('/api/Fundraisers/GetFundraiserDetails?fundraiserId=1')).isActive, false);

    await importData(t.database.db, readDemoData());
    assert.equal((await json('/api/Fundraisers/GetFundraiserDetails?fundraiserId=1')).isActive, true);
  });

  it("the admin SaveTeam shows in the school's fundraisers and the order page at once", async () => {
    const [fundraiser] = await t.database.db
      .select({ schoolId: fundraisers.schoolId, teamId: fundraisers.teamId })
      .from(fundraisers)
      .where(eq(fundraisers.id, 1));
    const [team] = await t.database.db.select().from(teams).where(eq(teams.id, fundraiser!.teamId));
    assert.ok((await teamNames(fundraiser!.schoolId)).includes(team!.name));
    assert.equal((await json('/api/Orders/GetItems?fundraiserId=1')).length > 0, true);
    assert.equal((await json('/api/Fundraisers/GetFundraiserDetails?fundraiserId=1')).teamName, team!.name);

    const saved = await t.inject({
      method: 'POST',
      url: '/api/Admin/SaveTeam',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: { id: team!.id, name: 'Renamed Lions', primaryColorHex: '123456' },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.ok((await teamNames(fundraiser!.schoolId)).includes('Renamed Lions'));
    const details = await json('/api/Fundraisers/GetFundraiserDetails?fundraiserId=1');
    assert.equal(details.teamName, 'Renamed Lions');
    assert.equal(details.teamPrimaryColorHex, '123456');
  });

  it('a cached order page is never changed by the orders built on it', async () => {
    const created = await t.inject({ method: 'POST', url: '/api/Orders/CreateOrder', payload: newOrderBody() });
    assert.equal(created.statusCode, 200, created.body);
    const order = await json(`/api/Orders/GetOrder?orderId=${created.json()}`);
    const option = (o: {
      fundraiserOrderItems: { fundraiserOrderItemOptions: { itemOptionId: number; qty: number }[] }[];
    }) => o.fundraiserOrderItems.flatMap((item) => item.fundraiserOrderItemOptions).find((x) => x.itemOptionId === 111);
    assert.equal(option(order)?.qty, 2);
    const blank = await json('/api/Fundraisers/GetFundraiserDetails?fundraiserId=1');
    assert.equal(option(blank)?.qty, 0);
    assert.equal(blank.orderId, 0);
  });
});
