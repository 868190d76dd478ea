import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { testConfig } from '../src/platform/config/config';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/client';
import {
  browserPhones,
  emailOutbox,
  erasures,
  fundraiserDevices,
  fundraisers,
  orders,
  payments,
  phoneBudgets,
  phoneCodes,
  reminderSends,
  smsInbound,
  smsOptOuts,
  smsOutbox,
  textConsents,
  parentalConsentLinks,
} from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { JOB_LOCK_KEYS, JOB_LOCK_SPACE } from '../src/platform/repositories/jobLocks';
import { createTestApp, type TestApp } from './helpers';
import { emptyDatabase } from './multiInstance';

// Issue 34 (docs/privacy.md "How long"): the retention job erases exactly what the policy says and
// nothing else, and once across two instances. On PGlite, and on PostgreSQL with DATABASE_URL. The
// policy is the default: students 6 months after the fundraiser's end, paid orders' supporters 84
// months after payment, unpaid orders' 30 days, messages 30 days, consent records 48 months.

const NOW = new Date('2027-06-01T12:00:00Z');
const days = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const months = (n: number) => {
  const date = new Date(NOW.getTime());
  date.setUTCMonth(date.getUTCMonth() - n);
  return date;
};
const SUPPORTER = {
  supporterFirstName: 'Casey',
  supporterLastName: 'Morgan',
  supporterPhoneNumber: '5125550188',
  donorEmail: 'casey@example.com',
  shippingAddress: '1 Main St',
  shippingCity: 'Austin',
  shippingState: 'TX',
  shippingZip: '78701',
};

type Db = DatabaseHandle['db'];

async function page(
  db: Db,
  fundraiserId: number,
  phone: string,
  first: string,
  extra: Partial<typeof fundraiserDevices.$inferInsert> = {},
) {
  const [row] = await db
    .insert(fundraiserDevices)
    .values({
      guid: randomUUID(),
      contactGuid: randomUUID(),
      socialGuid: randomUUID(),
      fundraiserId,
      phone,
      studentFirstName: first,
      studentLastName: 'Retained',
      studentIs13OrOlder: true,
      ...extra,
    })
    .returning();
  return row!;
}

async function order(db: Db, values: Partial<typeof orders.$inferInsert> & { fundraiserId: number }) {
  const [row] = await db
    .insert(orders)
    .values({
      orderTotal: 1800,
      itemsTotal: 1800,
      studentFirstName: 'Typed',
      studentLastName: 'Name',
      ...SUPPORTER,
      ...values,
    })
    .returning({ id: orders.id });
  return row!.id;
}

/** Every table the policy touches, whole, in a fixed order. */
async function everything(db: Db) {
  return {
    devices: await db.select().from(fundraiserDevices).orderBy(asc(fundraiserDevices.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    payments: await db.select().from(payments).orderBy(asc(payments.id)),
    texts: await db.select().from(smsOutbox).orderBy(asc(smsOutbox.id)),
    emails: await db.select().from(emailOutbox).orderBy(asc(emailOutbox.id)),
    inbound: await db.select().from(smsInbound).orderBy(asc(smsInbound.id)),
    consents: await db.select().from(textConsents).orderBy(asc(textConsents.id)),
    optOuts: await db.select().from(smsOptOuts).orderBy(asc(smsOptOuts.phone)),
    codes: await db.select().from(phoneCodes).orderBy(asc(phoneCodes.id)),
    budgets: await db.select().from(phoneBudgets).orderBy(asc(phoneBudgets.phone), asc(phoneBudgets.day)),
    browsers: await db.select().from(browserPhones).orderBy(asc(browserPhones.phone)),
    reminders: await db.select().from(reminderSends).orderBy(asc(reminderSends.id)),
    fundraisers: await db.select().from(fundraisers).orderBy(asc(fundraisers.id)),
  };
}

describe('the retention policy', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('erases exactly what the policy says and nothing else, in batches, once', async () => {
    const db = t.database.db;
    // Fundraiser 2 ended 2025-03-01 (demo); 4 ended a day more than six months ago, 3 a day less.
    await db.update(fundraisers).set({ endDate: '2026-11-30' }).where(eq(fundraisers.id, 4));
    await db.update(fundraisers).set({ endDate: '2026-12-02' }).where(eq(fundraisers.id, 3));
    const ended = [
      await page(db, 2, '5125550301', 'Ada'),
      await page(db, 2, '5125550302', 'Bo'),
      await page(db, 2, '5125550303', 'Cy'),
      await page(db, 4, '5125550304', 'Di'),
    ];
    const kept = [await page(db, 3, '5125550305', 'Ed'), await page(db, 1, '5125550306', 'Flo')];
    await db.insert(reminderSends).values([
      { fundraiserDeviceId: ended[0]!.id, kind: 'after_kickoff', phone: ended[0]!.phone, fundraiserId: 2 },
      { fundraiserDeviceId: kept[0]!.id, kind: 'after_kickoff', phone: kept[0]!.phone, fundraiserId: 3 },
    ]);
    await db.insert(browserPhones).values([
      { browserKeyHash: 'a', phone: ended[0]!.phone },
      { browserKeyHash: 'b', phone: kept[0]!.phone },
    ]);
    await db.insert(phoneCodes).values([
      { fundraiserDeviceId: kept[0]!.id, codeHash: 'spent', phone: kept[0]!.phone, expiresAt: days(2) },
      { fundraiserDeviceId: kept[0]!.id, codeHash: 'live', phone: kept[0]!.phone, expiresAt: days(-1) },
    ]);

    const recentPaid = { status: 'paid' as const, paidAt: months(83), createdAt: months(83) };
    const orderIds = {
      // Students of ended fundraisers: their page's order, and a name typed on the team's page.
      creditedEnded: await order(db, { fundraiserId: 2, fundraiserDeviceId: ended[0]!.id, ...recentPaid }),
      typedEnded: await order(db, { fundraiserId: 4, ...recentPaid }),
      creditedKept: await order(db, { fundraiserId: 3, fundraiserDeviceId: kept[0]!.id, ...recentPaid }),
      // Supporters: paid more, and less, than 84 months ago; unpaid drafts more, and less, than 30 days.
      paidLongAgo: await order(db, { fundraiserId: 1, status: 'paid', paidAt: months(85), createdAt: months(85) }),
      paidRecently: await order(db, { fundraiserId: 1, ...recentPaid }),
      draftOld: await order(db, { fundraiserId: 1, createdAt: days(31) }),
      draftRecent: await order(db, { fundraiserId: 1, createdAt: days(29) }),
    };
    await db.insert(payments).values([
      {
        orderId: orderIds.paidLongAgo,
        amount: 1800,
        paymentTypeId: 2,
        idempotencyKey: 'old',
        status: 'approved',
        brand: 'visa',
        last4: '1111',
        supporterDetails: { ...SUPPORTER, shippingAddress2: null },
      },
      {
        orderId: orderIds.paidRecently,
        amount: 1800,
        paymentTypeId: 2,
        idempotencyKey: 'new',
        status: 'approved',
        supporterDetails: { ...SUPPORTER, shippingAddress2: null },
      },
    ]);
    const [oldText, pendingText, newText] = await db
      .insert(smsOutbox)
      .values([
        { toPhone: '5125550401', body: 'Hi Ada, old', status: 'sent', createdAt: days(31) },
        { toPhone: '5125550402', body: 'Hi Bo, waiting', status: 'failed', createdAt: days(31), nextAttemptAt: NOW },
        { toPhone: '5125550403', body: 'Hi Cy, new', status: 'sent', createdAt: days(29) },
      ])
      .returning({ id: smsOutbox.id });
    const [oldEmail, newEmail] = await db
      .insert(emailOutbox)
      .values([
        {
          toAddress: 'old@example.com',
          subject: 'Receipt',
          textBody: 'Casey',
          htmlBody: '<p>Casey</p>',
          status: 'sent',
          createdAt: days(31),
        },
        {
          toAddress: 'new@example.com',
          subject: 'Receipt',
          textBody: 'Casey',
          htmlBody: '<p>Casey</p>',
          status: 'sent',
          createdAt: days(29),
        },
      ])
      .returning({ id: emailOutbox.id });
    await db.insert(smsInbound).values([
      { fromPhone: '+15125550501', body: 'thanks', receivedAt: days(31) },
      { fromPhone: '+15125550502', body: 'STOP', keyword: 'stop', receivedAt: days(29) },
    ]);
    await db.insert(smsOptOuts).values({ phone: '5125550501', keyword: 'STOP', createdAt: months(120) });
    await db.insert(textConsents).values([
      {
        phone: '5125550501',
        scope: 'all',
        action: 'revoked',
        method: 'keyword',
        source: 'STOP',
        createdAt: months(49),
      },
      {
        phone: '5125550502',
        scope: 'all',
        action: 'revoked',
        method: 'keyword',
        source: 'STOP',
        createdAt: months(47),
      },
    ]);
    await db.insert(phoneBudgets).values([
      { phone: '5125550601', purpose: 'sms', day: '2027-05-29', used: 1 },
      { phone: '5125550601', purpose: 'sms', day: '2027-06-01', used: 1 },
    ]);

    const before = await everything(db);
    const report = await t.app.runRetentionPass({ now: NOW, batchSize: 2 });
    assert.deepEqual(report, {
      fundraisers: 2,
      pages: 4,
      studentOrders: 2,
      supporterOrders: 1,
      unpaidOrders: 1,
      texts: 1,
      emails: 1,
      inbound: 1,
      consents: 1,
      spent: 2, // the spent code and the old day's count (Ada's browser proof went with her page)
    });
    const after = await everything(db);

    // Pages: exactly the ended fundraisers', with their reminders and browsers' proofs.
    const endedIds = ended.map((row) => row.id);
    assert.deepEqual(
      after.devices,
      before.devices.filter((row) => !endedIds.includes(row.id)),
    );
    assert.deepEqual(
      after.reminders,
      before.reminders.filter((row) => !endedIds.includes(row.fundraiserDeviceId)),
    );
    assert.deepEqual(
      after.browsers,
      before.browsers.filter((row) => row.phone !== ended[0]!.phone),
    );
    assert.deepEqual(
      after.codes,
      before.codes.filter((row) => row.codeHash !== 'spent'),
    );
    assert.deepEqual(
      after.budgets,
      before.budgets.filter((row) => row.day !== '2027-05-29'),
    );
    assert.deepEqual(
      after.fundraisers.filter((row) => row.studentsErasedAt !== null).map((row) => row.id),
      [2, 4],
    );

    // Orders: only the named fields of the named orders; every amount as it was.
    const changed = new Map<number, Record<string, unknown>>([
      [
        orderIds.creditedEnded,
        { studentFirstName: '', studentLastName: '', fundraiserDeviceId: null, studentErasedAt: NOW },
      ],
      [orderIds.typedEnded, { studentFirstName: '', studentLastName: '', studentErasedAt: NOW }],
    ]);
    const noSupporter = {
      supporterFirstName: null,
      supporterLastName: null,
      supporterPhoneNumber: null,
      donorEmail: null,
      shippingAddress: null,
      shippingAddress2: null,
      shippingCity: null,
      shippingState: null,
      shippingZip: null,
      supporterErasedAt: NOW,
    };
    changed.set(orderIds.paidLongAgo, noSupporter);
    changed.set(orderIds.draftOld, noSupporter);
    for (const [index, row] of after.orders.entries()) {
      const was = before.orders[index]!;
      assert.deepEqual(row, { ...was, ...(changed.get(was.id) ?? {}) }, `order ${was.id}`);
    }
    assert.deepEqual(
      after.payments,
      before.payments.map((row) => (row.orderId === orderIds.paidLongAgo ? { ...row, supporterDetails: null } : row)),
    );

    // Messages: the old finished ones emptied, the pending and recent ones as they were.
    assert.deepEqual(
      after.texts,
      before.texts.map((row) => (row.id === oldText!.id ? { ...row, body: '', toPhone: '' } : row)),
    );
    void pendingText;
    void newText;
    assert.deepEqual(
      after.emails,
      before.emails.map((row) =>
        row.id === oldEmail!.id
          ? { ...row, toAddress: '', subject: '', textBody: '', htmlBody: '', attachments: [] }
          : row,
      ),
    );
    void newEmail;
    assert.deepEqual(
      after.inbound,
      before.inbound.filter((row) => row.fromPhone !== '+15125550501'),
    );
    assert.deepEqual(
      after.consents,
      before.consents.filter((row) => row.phone !== '5125550501'),
    );
    assert.deepEqual(after.optOuts, before.optOuts, 'a STOP outlives every period');

    // The pass is recorded once; a second pass erases nothing and records nothing.
    const audit = await db.select().from(erasures);
    assert.equal(audit.length, 1);
    assert.deepEqual(
      { kind: audit[0]!.kind, pages: audit[0]!.pages, orders: audit[0]!.orders, messages: audit[0]!.messages },
      { kind: 'retention', pages: 4, orders: 4, messages: 3 },
    );
    const again = await t.app.runRetentionPass({ now: NOW, batchSize: 2 });
    assert.ok(again && Object.values(again).every((count) => count === 0), JSON.stringify(again));
    assert.deepEqual(await everything(db), after);
    assert.equal((await db.select().from(erasures)).length, 1);
  });
});

describe("a younger student's page no parent confirmed (COPPA)", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it("is erased 30 days after it was made; a confirmed, a newer and an older student's page stay", async () => {
    const db = t.database.db;
    const under13 = { studentIs13OrOlder: false };
    const stale = await page(db, 1, '5125550601', 'Gus', { ...under13, createdAt: days(31) });
    const unanswered = await page(db, 1, '5125550602', 'Hal', { studentIs13OrOlder: null, createdAt: days(31) });
    const recent = await page(db, 1, '5125550603', 'Ivy', { ...under13, createdAt: days(29) });
    const confirmed = await page(db, 1, '5125550604', 'Jo', {
      ...under13,
      createdAt: days(40),
      parentPhone: '5125550699',
      parentConsentedAt: days(39),
    });
    const older = await page(db, 1, '5125550605', 'Kit', { createdAt: days(40) });
    // Consent links texted for the younger page still kept: one two days past its expiry, one live.
    const link = (tokenHash: string, expiresAt: Date) => ({
      fundraiserDeviceId: recent.id,
      tokenHash,
      parentPhone: '5125550698',
      expiresAt,
    });
    await db.insert(parentalConsentLinks).values([link('expired', days(2)), link('live', days(-1))]);
    const report = await t.app.runRetentionPass({ now: NOW });
    assert.ok(report, 'the pass ran');
    assert.equal(report.pages, 2, JSON.stringify(report));
    const left = await db
      .select({ id: fundraiserDevices.id })
      .from(fundraiserDevices)
      .where(inArray(fundraiserDevices.id, [stale.id, unanswered.id, recent.id, confirmed.id, older.id]));
    assert.deepEqual(
      left.map((row) => row.id).sort((a, b) => a - b),
      [recent.id, confirmed.id, older.id].sort((a, b) => a - b),
    );
    const links = await db
      .select()
      .from(parentalConsentLinks)
      .where(eq(parentalConsentLinks.fundraiserDeviceId, recent.id));
    assert.deepEqual(
      links.map((row) => row.tokenHash),
      ['live'],
      'an expired consent link (and the number it was texted to) goes a day after it expired',
    );
  });
});

describe('the retention job across two instances', () => {
  const STUDENTS = 30;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const handles: DatabaseHandle[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  let url: string | undefined;

  before(async () => {
    const config = testConfig();
    if (process.env.DATABASE_URL) {
      // Two instances: each its own pool on one PostgreSQL database, as in production.
      const created = await emptyDatabase('fu_retention');
      dropDatabase = created.drop;
      url = created.url;
      handles.push(await openDatabase({ databaseUrl: url, dataDir: '' }));
      handles.push(await openDatabase({ databaseUrl: url, dataDir: '' }));
    } else {
      // PGlite is one process: two apps share its one handle (no lock; the pass's own conditions hold).
      const handle = await openDatabase({ dataDir: '' });
      handles.push(handle, { ...handle, close: async () => {} });
    }
    a = await buildApp({ config, database: handles[0]! });
    await a.ready();
    b = await buildApp({ config, database: handles[1]! });
    await b.ready();
    const db = handles[0]!.db;
    await importData(db, readDemoData());
    for (let i = 0; i < STUDENTS; i += 1) await page(db, 2, `51255507${String(i).padStart(2, '0')}`, `S${i}`);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await dropDatabase?.();
  });

  it(
    'a pass is skipped while another instance holds the job',
    { skip: !process.env.DATABASE_URL && 'PostgreSQL only (DATABASE_URL)' },
    async () => {
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1, $2)', [JOB_LOCK_SPACE, JOB_LOCK_KEYS.retention]);
        assert.equal(await a.runRetentionPass({ now: NOW }), undefined);
        const left = await handles[0]!.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.fundraiserId, 2));
        assert.equal(left.length, STUDENTS);
      } finally {
        await holder.end();
      }
    },
  );

  it('run on both at the same moment, erases each page once and records one pass', async () => {
    const [byA, byB] = await Promise.all([
      a.runRetentionPass({ now: NOW, batchSize: 4 }),
      b.runRetentionPass({ now: NOW, batchSize: 4 }),
    ]);
    assert.equal((byA?.pages ?? 0) + (byB?.pages ?? 0), STUDENTS);
    const db = handles[0]!.db;
    const left = await db.select().from(fundraiserDevices).where(eq(fundraiserDevices.fundraiserId, 2));
    assert.equal(left.length, 0);
    const audit = await db.select().from(erasures);
    assert.equal(
      audit.reduce((sum, row) => sum + row.pages, 0),
      STUDENTS,
    );
    // On PostgreSQL the job's lock lets one instance run the pass; the other skipped it or found nothing.
    if (process.env.DATABASE_URL) {
      assert.equal(audit.length, 1);
      assert.equal((byA?.fundraisers ?? 0) + (byB?.fundraisers ?? 0), 1);
    }
    // The other fundraisers' pages are untouched.
    const others = await db
      .select()
      .from(fundraiserDevices)
      .where(inArray(fundraiserDevices.fundraiserId, [1]));
    assert.equal(others.length, 1);
  });
});
