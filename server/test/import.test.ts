import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { itemOptions, optionBundleEntries, schools, ticketPurchaseSessions } from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { entryPath, ImportError } from '../src/catalog/import/validate';
import { freshDatabase } from './helpers';

type Handle = Awaited<ReturnType<typeof freshDatabase>>;
let database: Handle;
before(async () => {
  database = await freshDatabase();
});
after(() => database.drop());

const countOf = async (table: typeof schools | typeof itemOptions | typeof optionBundleEntries) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n;

describe('operator import', () => {
  it('loads the demo data and is idempotent on re-run', async () => {
    await importData(database.db, readDemoData());
    const first = [await countOf(schools), await countOf(itemOptions), await countOf(optionBundleEntries)];
    await importData(database.db, readDemoData());
    assert.deepEqual([await countOf(schools), await countOf(itemOptions), await countOf(optionBundleEntries)], first);
    assert.equal(first[0], 5);
  });

  it('keeps ticket activation when the same file is imported again', async () => {
    const guid = '22222222-2222-4222-8222-222222222222';
    const activatedAt = new Date('2026-11-20T10:00:00Z');
    await database.db
      .update(ticketPurchaseSessions)
      .set({ keyActivatedAt: activatedAt })
      .where(eq(ticketPurchaseSessions.guid, guid));
    await importData(database.db, readDemoData());
    const [session] = await database.db
      .select()
      .from(ticketPurchaseSessions)
      .where(eq(ticketPurchaseSessions.guid, guid));
    assert.equal(session?.keyActivatedAt?.toISOString(), activatedAt.toISOString());
  });

  it('lets new rows take generated ids after imported ones', async () => {
    const [row] = await database.db.insert(schools).values({ name: 'New School', state: 'Ohio' }).returning();
    assert.ok(row && row.id > 5);
  });

  it('rejects a malformed file naming each entry, and changes nothing', async () => {
    const before = await countOf(schools);
    const bad = {
      schools: [
        { id: 90, name: 'Fine', state: 'Ohio' },
        { id: 91, name: 'Broken' },
      ],
      teams: 'nope',
    };
    await assert.rejects(
      () => importData(database.db, bad),
      (error: unknown) => {
        assert.ok(error instanceof ImportError);
        assert.ok(
          error.problems.some((p) => p.startsWith('schools[1]')),
          error.message,
        );
        assert.ok(
          error.problems.some((p) => p.startsWith('teams')),
          error.message,
        );
        return true;
      },
    );
    assert.equal(await countOf(schools), before);
  });

  it('rejects references to things that exist nowhere, all or nothing', async () => {
    const before = await countOf(schools);
    const file = {
      schools: [{ id: 95, name: 'Would Be Rolled Back', state: 'Utah' }],
      fundraisers: [
        {
          id: 95,
          schoolId: 95,
          teamId: 777,
          name: 'Ghost team',
          isActive: true,
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          itemIds: [10, 555],
        },
      ],
    };
    await assert.rejects(
      () => importData(database.db, file),
      (error: unknown) => {
        assert.ok(error instanceof ImportError);
        assert.deepEqual(error.problems, [
          'fundraisers[0].teamId: no team 777',
          'fundraisers[0].itemIds[1]: no item 555',
        ]);
        return true;
      },
    );
    assert.equal(await countOf(schools), before);
  });

  it('turns JSON pointers into readable entry paths', () => {
    assert.equal(entryPath('/items/2/options/0/price'), 'items[2].options[0].price');
    assert.equal(entryPath(''), '');
  });
});
