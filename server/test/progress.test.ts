import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_GOAL_PER_STUDENT_CENTS,
  type FundraiserProgress,
  type StudentProgress,
  type TeamStandings,
} from '@fu/shared/contracts';
import { TEST_ADMIN_TOKEN } from '../src/platform/config/config';
import { fundraiserDevices, fundraisers, orders } from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { ImportError } from '../src/catalog/import/validate';
import { displayName } from '../src/catalog/repositories/progress';
import { approvingGateway, createTestApp, shownTotal, type TestApp } from './helpers';
import { cardCheckout, cashCheckout, cookieDough } from './fixtures';

// Issue 9 "Goal progress": every figure is checked against sums this file computes itself from the
// orders table, never against the query under test.

const AUTH = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const VOLLEYBALL = 3; // demo fundraiser with no student pages and no orders: this file's playground
const CHEER = 6; // demo fundraiser in test mode that ships items

let t: TestApp;
before(async () => {
  // These tests are about what paid orders add up to, not about charging.
  t = await createTestApp({ gateway: approvingGateway });
});
after(() => t.close());

const get = (url: string) => t.inject({ method: 'GET', url });
const post = (url: string, payload: object, headers = {}) => t.inject({ method: 'POST', url, payload, headers });
const json = async <T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> => {
  const answer = await response;
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json() as T;
};

const teamProgress = (fundraiserId: number) =>
  json<FundraiserProgress>(get(`/api/Fundraisers/GetProgress?fundraiserId=${fundraiserId}`));
const studentProgress = (guid: string) => json<StudentProgress>(get(`/api/Students/GetProgress?guid=${guid}`));
/** The team's progress with its leaderboard, as a student's page (any of the team's guids) reads it. */
const teamStandings = (guid: string) => json<TeamStandings>(get(`/api/Students/GetTeamProgress?guid=${guid}`));
const DEMO_STUDENT = '11111111-1111-4111-8111-111111111111';

let phoneSeq = 5125559000;
async function newStudent(fundraiserId: number, studentFirstName: string, studentLastName: string) {
  const phone = String(phoneSeq++);
  const guid = await json<string>(
    post('/api/Orders/NewFundraiserDevice', {
      fundraiserId,
      phone,
      studentFirstName,
      studentLastName,
      studentIs13OrOlder: true,
    }),
  );
  const [device] = await t.database.db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, guid));
  return { guid, phone, contactGuid: device!.contactGuid!, socialGuid: device!.socialGuid!, id: device!.id };
}

/** CreateOrder on one of the order routes; quantities of option 111 (cookie dough, $18). */
function createOrder(fundraiserId: number, link: Record<string, string>, qty: number, donation = 0) {
  return json<number>(
    post('/api/Orders/CreateOrder', {
      fundraiserId,
      studentFirstName: 'Typed',
      studentLastName: 'Name',
      donation,
      ...link,
      fundraiserOrderItems: qty ? cookieDough(qty) : [],
    }),
  );
}

/** Pays as the checkout page does: the total it showed (GetOrder) goes with the card token. */
async function payByCard(orderId: number, url = '/api/Orders/ProcessOrder') {
  const amount = await shownTotal(t.inject, orderId);
  assert.equal(await json<string>(post(url, cardCheckout(orderId, `tok_${orderId}`, { amount }))), 'success');
}

/** A cash sale on the student's page: NewOrderWithFDID, CreateOrder on that draft, ProcessOrderCashCheck. */
async function cashSale(fundraiserId: number, guid: string, qty: number) {
  const orderId = await json<number>(post('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: guid }));
  await json<number>(
    post('/api/Orders/CreateOrder', {
      orderId,
      fundraiserId,
      fundraiserDeviceGuid: guid,
      isCashCheck: true,
      studentFirstName: 'Typed',
      studentLastName: 'Name',
      fundraiserOrderItems: cookieDough(qty),
    }),
  );
  assert.equal(
    await json<string>(post('/api/Orders/ProcessOrderCashCheck', cashCheckout(orderId, qty * 1800))),
    'success',
  );
  return orderId;
}

/** What the supporter paid for an order: its total and any processing fee they covered (issue 19). */
const paidBy = (row: { orderTotal: number; coveredFee: number }) => row.orderTotal + row.coveredFee;

/** The expected figures, from the rows: paid orders' totals summed in JavaScript. */
async function expected(fundraiserId: number) {
  const rows = await t.database.db.select().from(orders).where(eq(orders.fundraiserId, fundraiserId));
  const paid = rows.filter((row) => row.status === 'paid');
  const byDevice = new Map<number, number>();
  for (const row of paid) {
    if (row.fundraiserDeviceId !== null) {
      byDevice.set(row.fundraiserDeviceId, (byDevice.get(row.fundraiserDeviceId) ?? 0) + paidBy(row));
    }
  }
  const devices = await t.database.db
    .select()
    .from(fundraiserDevices)
    .where(eq(fundraiserDevices.fundraiserId, fundraiserId));
  const [fundraiser] = await t.database.db.select().from(fundraisers).where(eq(fundraisers.id, fundraiserId));
  return {
    raised: paid.reduce((sum, row) => sum + paidBy(row), 0),
    unpaid: rows.filter((row) => row.status !== 'paid').length,
    studentRaised: (deviceId: number) => byDevice.get(deviceId) ?? 0,
    students: devices.length,
    goalPerStudent: fundraiser!.goalPerStudentCents,
  };
}

describe('goal progress figures', () => {
  it('a fundraiser with no students and no orders: nothing raised, one student’s default goal', async () => {
    assert.deepEqual(await teamProgress(VOLLEYBALL), {
      fundraiserId: VOLLEYBALL,
      goalCents: DEFAULT_GOAL_PER_STUDENT_CENTS,
      goalPerStudentCents: DEFAULT_GOAL_PER_STUDENT_CENTS,
      raisedCents: 0,
      cashCheckCents: 0,
      studentCount: 0,
    });
    assert.equal(DEFAULT_GOAL_PER_STUDENT_CENTS, 50_000);
  });

  it('the demo fundraiser: the default $500 goal for its one student and its paid demo order', async () => {
    const want = await expected(1);
    const progress = await teamProgress(1);
    assert.equal(progress.goalPerStudentCents, 50_000);
    assert.equal(progress.studentCount, want.students);
    assert.equal(progress.goalCents, 50_000 * want.students);
    assert.equal(progress.raisedCents, want.raised);
    assert.ok(progress.raisedCents > 0);
    const standings = await teamStandings(DEMO_STUDENT);
    assert.deepEqual(standings.leaderboard, [{ rank: 1, name: 'Jordan R.', raisedCents: want.raised }]);
    assert.deepEqual({ ...standings, leaderboard: undefined }, { ...progress, leaderboard: undefined });
  });

  describe('a team with students, links, cash sales, ties and unpaid drafts', () => {
    let jane: Awaited<ReturnType<typeof newStudent>>;
    let john: Awaited<ReturnType<typeof newStudent>>;
    let adam: Awaited<ReturnType<typeof newStudent>>;
    let zoe: Awaited<ReturnType<typeof newStudent>>;

    before(async () => {
      jane = await newStudent(VOLLEYBALL, 'Jane', 'Doe');
      john = await newStudent(VOLLEYBALL, 'john', 'smith');
      adam = await newStudent(VOLLEYBALL, 'Adam', 'Baker');
      zoe = await newStudent(VOLLEYBALL, 'Zoe', 'Young');

      // Jane: her page (2 × $18) and her texted contact link (a $50 donation): $86.
      await payByCard(await createOrder(VOLLEYBALL, { fundraiserDeviceGuid: jane.guid }, 2));
      await payByCard(await createOrder(VOLLEYBALL, { contactGuid: jane.contactGuid }, 0, 5000));
      // John: his social link ($18) and a cash sale on his page ($18): $36.
      await payByCard(await createOrder(VOLLEYBALL, { socialGuid: john.socialGuid }, 1));
      await cashSale(VOLLEYBALL, john.guid, 1);
      // Adam: one $86 donation, the same as Jane.
      await payByCard(await createOrder(VOLLEYBALL, { fundraiserDeviceGuid: adam.guid }, 0, 8600));
      // The team page, no student: $54 for the team only ("Typed Name" is no student of the team's).
      await payByCard(await createOrder(VOLLEYBALL, {}, 3));
      // Unpaid: drafts on Zoe's page, Jane's page and the team page, and a cash draft never processed.
      await createOrder(VOLLEYBALL, { fundraiserDeviceGuid: zoe.guid }, 5);
      await createOrder(VOLLEYBALL, { fundraiserDeviceGuid: jane.guid }, 4);
      await createOrder(VOLLEYBALL, {}, 6);
      await json<number>(post('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid: zoe.guid }));
    });

    it('the team figure is the sum of its paid orders, unpaid ones left out', async () => {
      const want = await expected(VOLLEYBALL);
      assert.ok(want.unpaid >= 4, 'the unpaid drafts are there');
      const progress = await teamProgress(VOLLEYBALL);
      assert.equal(progress.raisedCents, want.raised);
      assert.equal(progress.raisedCents, 8600 + 3600 + 8600 + 5400);
      assert.equal(progress.studentCount, 4);
      assert.equal(progress.goalCents, 4 * DEFAULT_GOAL_PER_STUDENT_CENTS);
      // John's cash sale is labelled: the part of the total that no card paid.
      assert.equal(progress.cashCheckCents, 1800);
      assert.equal((await studentProgress(john.guid)).cashCheckCents, 1800);
      assert.equal((await studentProgress(jane.guid)).cashCheckCents, 0);
    });

    it('each student is credited with the paid orders of their page and links only', async () => {
      const want = await expected(VOLLEYBALL);
      for (const [student, raised] of [
        [jane, 8600],
        [john, 3600],
        [adam, 8600],
        [zoe, 0],
      ] as const) {
        const progress = await studentProgress(student.guid);
        assert.equal(progress.raisedCents, want.studentRaised(student.id));
        assert.equal(progress.raisedCents, raised);
        assert.equal(progress.goalCents, DEFAULT_GOAL_PER_STUDENT_CENTS);
        assert.equal(progress.studentCount, 4);
      }
      // The student page's own Orders total agrees.
      const page = await json<{ ordersTotal: number }>(
        get(`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${jane.guid}`),
      );
      assert.equal(page.ordersTotal, 8600);
    });

    it('the leaderboard: most raised first, ties share a rank and go by name, $0 students left out', async () => {
      const { leaderboard } = await teamStandings(zoe.guid);
      assert.deepEqual(leaderboard, [
        { rank: 1, name: 'Adam B.', raisedCents: 8600 },
        { rank: 1, name: 'Jane D.', raisedCents: 8600 },
        { rank: 3, name: 'john S.', raisedCents: 3600 },
      ]);
      assert.deepEqual(
        await Promise.all([jane, john, adam, zoe].map(async (s) => (await studentProgress(s.guid)).rank)),
        [1, 3, 1, 4],
      );
    });

    it('names are first name and last initial only: no last names, phones or guids; none in public', async () => {
      const body = (await get(`/api/Students/GetTeamProgress?guid=${zoe.guid}`)).body;
      for (const secret of ['Doe', 'smith', 'Baker', 'Young', jane.phone, john.phone, jane.guid, 'Typed']) {
        assert.ok(!body.includes(secret), `${secret} must not be in the answer`);
      }
      // The public team progress (the order page) names nobody at all.
      const publicBody = (await get(`/api/Fundraisers/GetProgress?fundraiserId=${VOLLEYBALL}`)).body;
      for (const name of ['Jane', 'john', 'Adam', 'Zoe']) assert.ok(!publicBody.includes(name), name);
      const { leaderboard } = JSON.parse(body) as TeamStandings;
      for (const entry of leaderboard) assert.deepEqual(Object.keys(entry).sort(), ['name', 'raisedCents', 'rank']);
      assert.equal(displayName('  Mary   Ann ', ' o’brien'), 'Mary Ann O.');
      assert.equal(displayName('Émile', 'Étienne'), 'Émile É.');
      assert.equal(displayName('Cher', ''), 'Cher');
    });

    it('a new paid order moves the team and the student by its total, at once (nothing cached)', async () => {
      const before = [await teamProgress(VOLLEYBALL), await studentProgress(zoe.guid)] as const;
      const orderId = await createOrder(VOLLEYBALL, { fundraiserDeviceGuid: zoe.guid }, 0, 12_000);
      assert.equal((await teamProgress(VOLLEYBALL)).raisedCents, before[0].raisedCents, 'unpaid: no change');
      await payByCard(orderId);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      const team = await teamProgress(VOLLEYBALL);
      const student = await studentProgress(zoe.guid);
      assert.equal(team.raisedCents, before[0].raisedCents + order!.orderTotal);
      assert.equal(student.raisedCents, before[1].raisedCents + 12_000);
      assert.equal(student.rank, 1);
      assert.deepEqual((await teamStandings(jane.guid)).leaderboard[0], {
        rank: 1,
        name: 'Zoe Y.',
        raisedCents: 12_000,
      });
    });

    it('the leaderboard stops at 10 students', async () => {
      for (let i = 0; i < 9; i++) {
        const s = await newStudent(VOLLEYBALL, `Extra${i}`, 'Kid');
        await payByCard(await createOrder(VOLLEYBALL, { fundraiserDeviceGuid: s.guid }, 1));
      }
      const progress = await teamStandings(jane.guid);
      const want = await expected(VOLLEYBALL);
      assert.equal(progress.studentCount, 13);
      assert.equal(progress.raisedCents, want.raised);
      assert.equal(progress.leaderboard.length, 10);
      // Zoe $120, Adam and Jane $86, john $36, then six of the nine $18 students, by name.
      assert.deepEqual(
        progress.leaderboard.map((e) => `${e.rank} ${e.name}`),
        ['1 Zoe Y.', '2 Adam B.', '2 Jane D.', '4 john S.', ...[0, 1, 2, 3, 4, 5].map((i) => `5 Extra${i} K.`)],
      );
    });
  });

  it('shipping counts (it is part of what the supporter paid); the cash/check fee is never charged', async () => {
    const before = await teamProgress(CHEER);
    const orderId = await json<number>(
      post('/api/Orders/CreateOrder', {
        fundraiserId: CHEER,
        studentFirstName: 'Typed',
        studentLastName: 'Name',
        fundraiserOrderItems: [{ itemId: 46, fundraiserOrderItemOptions: [{ itemOptionId: 461, qty: 2 }] }],
      }),
    );
    await payByCard(orderId, '/api/Orders/TestProcess');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    assert.deepEqual([order!.itemsTotal, order!.shippingTotal, order!.orderTotal], [3000, 1000, 4000]);
    assert.equal((await teamProgress(CHEER)).raisedCents, before.raisedCents + 4000);
    assert.equal((await teamProgress(CHEER)).raisedCents, (await expected(CHEER)).raised);
  });

  it('a processing fee the supporter covered counts for the team, the student and the student page', async () => {
    const student = await newStudent(CHEER, 'Fee', 'Coverer');
    const before = await teamProgress(CHEER);
    const orderId = await createOrder(CHEER, { fundraiserDeviceGuid: student.guid }, 0, 5000);
    const view = await json<{ orderTotal: number; coverFeesAmount: number }>(
      get(`/api/Orders/GetOrder?orderId=${orderId}`),
    );
    // $50.00 at the default 2.9% + $0.30: ceil(5030 / 0.971) = 5181.
    assert.deepEqual([view.orderTotal, view.coverFeesAmount], [5000, 181]);
    const paid = await post(
      '/api/Orders/TestProcess',
      cardCheckout(orderId, `tok_${orderId}`, { amount: 5181, coverFees: true }),
    );
    assert.equal(paid.json(), 'success');
    assert.equal((await teamProgress(CHEER)).raisedCents, before.raisedCents + 5181);
    assert.equal((await teamProgress(CHEER)).raisedCents, (await expected(CHEER)).raised);
    assert.equal((await studentProgress(student.guid)).raisedCents, 5181);
    const page = await json<{ ordersTotal: number; orders: { orderId: number; orderTotal: number }[] }>(
      get(`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${student.guid}`),
    );
    assert.equal(page.ordersTotal, 5181);
    assert.deepEqual(
      page.orders.map((order) => [order.orderId, order.orderTotal]),
      [[orderId, 5181]],
    );
  });

  it('unknown or malformed ids: 404 and 400', async () => {
    assert.equal((await get('/api/Fundraisers/GetProgress?fundraiserId=9999')).statusCode, 404);
    assert.equal((await get('/api/Fundraisers/GetProgress?fundraiserId=abc')).statusCode, 400);
    assert.equal((await get('/api/Students/GetProgress?guid=00000000-0000-4000-8000-000000000000')).statusCode, 404);
    // Not a UUID (the shared Guid pattern is strict): refused before the database.
    assert.equal((await get(`/api/Students/GetProgress?guid=${'-'.repeat(36)}`)).statusCode, 400);
    assert.equal((await get('/api/Students/GetProgress?guid=nope')).statusCode, 400);
  });
});

describe('setting the goal', () => {
  const save = (payload: object, headers: object = AUTH) => post('/api/Admin/SaveFundraiser', payload, headers);

  it('the admin API sets the goal per student; team and student goals follow; absent keeps it, null resets', async () => {
    const students = (await expected(VOLLEYBALL)).students;
    const saved = await json<{ goalPerStudentCents: number; name: string }>(
      save({ id: VOLLEYBALL, goalPerStudentCents: 25_000 }),
    );
    assert.equal(saved.goalPerStudentCents, 25_000);
    assert.equal(saved.name, 'Lincoln Volleyball 2026');
    const team = await teamProgress(VOLLEYBALL);
    assert.equal(team.goalPerStudentCents, 25_000);
    assert.equal(team.goalCents, 25_000 * students);
    const [device] = await t.database.db
      .select()
      .from(fundraiserDevices)
      .where(eq(fundraiserDevices.fundraiserId, VOLLEYBALL));
    assert.equal((await studentProgress(device!.guid)).goalCents, 25_000);
    const page = await json<{ fundraiser: { goal: number } }>(
      get(`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${device!.guid}`),
    );
    assert.equal(page.fundraiser.goal, 25_000);
    // The admin app reads it back, and a save without the field leaves it alone.
    const read = await json<{ goalPerStudentCents: number }>(
      t.inject({ url: `/api/Admin/GetFundraiser?fundraiserId=${VOLLEYBALL}`, headers: AUTH }),
    );
    assert.equal(read.goalPerStudentCents, 25_000);
    assert.equal((await json<{ goalPerStudentCents: number }>(save({ id: VOLLEYBALL }))).goalPerStudentCents, 25_000);
    assert.equal(
      (await json<{ goalPerStudentCents: number }>(save({ id: VOLLEYBALL, goalPerStudentCents: null })))
        .goalPerStudentCents,
      DEFAULT_GOAL_PER_STUDENT_CENTS,
    );
  });

  it('refuses goals that are not positive whole cents, unknown fundraisers and callers without the token', async () => {
    for (const goal of [0, -100, 12.5, '50000', 100_000_001, true]) {
      const response = await save({ id: VOLLEYBALL, goalPerStudentCents: goal });
      assert.equal(response.statusCode, 400, `${JSON.stringify(goal)}: ${response.body}`);
      assert.equal(response.json().errors[0].field, 'goalPerStudentCents');
    }
    assert.equal((await save({ id: 9999, goalPerStudentCents: 1000 })).statusCode, 404);
    assert.equal((await save({ id: VOLLEYBALL, goalPerStudentCents: 1000 }, {})).statusCode, 401);
    assert.equal((await teamProgress(VOLLEYBALL)).goalPerStudentCents, DEFAULT_GOAL_PER_STUDENT_CENTS);
  });

  it('the database refuses a goal of 0 whoever writes it', async () => {
    await assert.rejects(() =>
      t.database.db.update(fundraisers).set({ goalPerStudentCents: 0 }).where(eq(fundraisers.id, VOLLEYBALL)),
    );
  });

  it('an import may carry goalPerStudentCents (or the older goal); leaving it out keeps the current goal', async () => {
    const fundraiser = (goal: object) => ({
      fundraisers: [
        {
          id: 4,
          schoolId: 2,
          teamId: 4,
          name: 'Westlake Band 2026',
          isActive: true,
          startDate: '2026-10-01',
          endDate: '2027-04-30',
          itemIds: [11],
          ...goal,
        },
      ],
    });
    const goalOf4 = async () => (await teamProgress(4)).goalPerStudentCents;
    await importData(t.database.db, fundraiser({ goalPerStudentCents: 30_000 }));
    assert.equal(await goalOf4(), 30_000);
    await importData(t.database.db, fundraiser({}));
    assert.equal(await goalOf4(), 30_000, 'a re-run without the field keeps it');
    await importData(t.database.db, fundraiser({ goal: 40_000 }));
    assert.equal(await goalOf4(), 40_000);
    await assert.rejects(() => importData(t.database.db, fundraiser({ goalPerStudentCents: 0 })), ImportError);
    assert.equal(await goalOf4(), 40_000);
  });
});
