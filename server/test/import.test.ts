import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { itemOptions, items, optionBundleEntries, schools, ticketPurchaseSessions } from '../src/platform/db/schema';
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

  it("loads schools' organisations and goods values (issue 34); an organisation left out is kept, null clears it", async () => {
    const demo = readDemoData() as { schools: { id: number }[] };
    const organizationOf = async (id: number) => {
      const [row] = await database.db.select().from(schools).where(eq(schools.id, id));
      return [row?.orgLegalName, row?.orgAddress, row?.orgTaxId, row?.orgIs501c3];
    };
    // The demo data: Columbus East's boosters are a 501(c)(3), Savannah Prep's cheer club is not, Lincoln has none.
    assert.deepEqual(await organizationOf(3), [
      'Columbus East Athletic Boosters (demo)',
      '200 Example Avenue, Columbus, OH 00000',
      '00-0000001',
      true,
    ]);
    assert.deepEqual(await organizationOf(4), ['Savannah Prep Cheer Parents Club (demo)', null, null, false]);
    assert.deepEqual(await organizationOf(1), [null, null, null, null]);
    const [banner] = await database.db.select().from(items).where(eq(items.id, 44));
    const [card] = await database.db.select().from(itemOptions).where(eq(itemOptions.id, 431));
    const [shirt] = await database.db.select().from(itemOptions).where(eq(itemOptions.id, 101));
    assert.deepEqual([banner?.goodsValue, card?.goodsValue, shirt?.goodsValue], [2500, 1000, null]);

    // A school entry without `organization` keeps the one an admin set; null gives it back to the site.
    const lincoln = { id: 1, name: 'Lincoln High School', state: 'Texas' };
    await database.db
      .update(schools)
      .set({ orgLegalName: 'Lincoln Boosters Inc.', orgIs501c3: true })
      .where(eq(schools.id, 1));
    await importData(database.db, { schools: [lincoln] });
    assert.deepEqual(await organizationOf(1), ['Lincoln Boosters Inc.', null, null, true]);
    await importData(database.db, {
      schools: [
        { ...lincoln, organization: { legalName: ' Lincoln Boosters Inc. ', taxId: '123456789', is501c3: true } },
      ],
    });
    assert.deepEqual(await organizationOf(1), ['Lincoln Boosters Inc.', null, '12-3456789', true]);
    await importData(database.db, { schools: [{ ...lincoln, organization: null }] });
    assert.deepEqual(await organizationOf(1), [null, null, null, null]);
    assert.equal(demo.schools.length, 5);
  });

  it('refuses an organisation or a goods value it cannot keep, naming the entry, and changes nothing', async () => {
    const school = { id: 1, name: 'Renamed', state: 'Texas' };
    const item = { id: 11, name: 'Cookie Dough', messageTextName: 'Cookie Dough' };
    const option = { id: 111, itemOptionTypeId: 0, name: 'Chocolate Chip', price: 1800 };
    const cases: [file: object, problem: string][] = [
      [
        { schools: [{ ...school, organization: { legalName: 'Boosters', taxId: '12-34567', is501c3: true } }] },
        'schools[0].organization.taxId: A tax id (EIN) is nine digits, written 12-3456789.',
      ],
      [
        { schools: [{ ...school, organization: { legalName: '  ', is501c3: true } }] },
        "schools[0].organization.legalName: Please give the organisation's legal name, as its receipts must name it.",
      ],
      [
        { schools: [{ ...school, organization: { legalName: 'Boosters' } }] },
        'schools[0].organization: must have required properties is501c3',
      ],
      [{ items: [{ ...item, goodsValue: -1, options: [option] }] }, 'items[0].goodsValue: must be >= 0'],
      [
        { items: [{ ...item, options: [{ ...option, goodsValue: 12.5 }] }] },
        'items[0].options[0].goodsValue: must be integer',
      ],
    ];
    for (const [file, problem] of cases) {
      await assert.rejects(
        () => importData(database.db, file),
        (error: unknown) => {
          assert.ok(error instanceof ImportError);
          assert.ok(error.problems.includes(problem), `${problem}\n in ${error.problems.join('\n')}`);
          return true;
        },
      );
    }
    const [row] = await database.db.select().from(schools).where(eq(schools.id, 1));
    assert.equal(row?.name, 'Lincoln High School');
  });

  it('turns JSON pointers into readable entry paths', () => {
    assert.equal(entryPath('/items/2/options/0/price'), 'items[2].options[0].price');
    assert.equal(entryPath(''), '');
  });
});
