import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, inArray, sql } from 'drizzle-orm';
import { importData } from '../src/catalog/import/importData';
import { ImportError } from '../src/catalog/import/validate';
import { FALLBACK_TIME_ZONE, isTimeZone, STATE_TIME_ZONES, timeZoneOfState } from '../src/catalog/schoolTimeZones';
import { fundraiserDevices, reminderSends, schools, smsOutbox } from '../src/platform/db/schema';
import { textingWindow } from '../src/messaging/sms/quietHours';
import { createTestApp, textsTo, type TestApp } from './helpers';

// Issue 34: reminders go out only from 9 am to 8 pm in their school's time zone. The rule is a pure
// function of the zone and the instant (Intl's zone data, no dependency), checked here around both
// boundaries in zones an hour apart and across both daylight-saving changes of 2026 (March 8,
// November 1); then the reminder job keeps to it in three zones at once.

const at = (iso: string) => new Date(iso);
const window = (zone: string, iso: string) => textingWindow(zone, at(iso));

/** [zone, instant, open, the window's next opening (the instant itself when open)] */
type Case = [zone: string, instant: string, open: boolean, opensAt: string];

describe('the texting window: 9:00 to 20:00 where the school is', () => {
  const check = (cases: Case[]) => {
    for (const [zone, instant, open, opensAt] of cases) {
      const answer = window(zone, instant);
      assert.equal(answer.open, open, `${zone} at ${instant}: open`);
      assert.equal(answer.opensAt.toISOString(), at(opensAt).toISOString(), `${zone} at ${instant}: opens at`);
    }
  };

  it('opens at 9:00 sharp and closes at 20:00 sharp, an ordinary winter day in New York, Chicago and Los Angeles', () => {
    check([
      // New York, EST (UTC-5): 9:00 is 14:00Z, 20:00 is 01:00Z the next day.
      ['America/New_York', '2026-01-15T13:59:59Z', false, '2026-01-15T14:00:00Z'],
      ['America/New_York', '2026-01-15T14:00:00Z', true, '2026-01-15T14:00:00Z'],
      ['America/New_York', '2026-01-16T00:59:59Z', true, '2026-01-16T00:59:59Z'],
      ['America/New_York', '2026-01-16T01:00:00Z', false, '2026-01-16T14:00:00Z'],
      // Chicago, CST (UTC-6): an hour later.
      ['America/Chicago', '2026-01-15T14:59:59Z', false, '2026-01-15T15:00:00Z'],
      ['America/Chicago', '2026-01-15T15:00:00Z', true, '2026-01-15T15:00:00Z'],
      ['America/Chicago', '2026-01-16T01:59:59Z', true, '2026-01-16T01:59:59Z'],
      ['America/Chicago', '2026-01-16T02:00:00Z', false, '2026-01-16T15:00:00Z'],
      // Los Angeles, PST (UTC-8).
      ['America/Los_Angeles', '2026-01-15T16:59:59Z', false, '2026-01-15T17:00:00Z'],
      ['America/Los_Angeles', '2026-01-15T17:00:00Z', true, '2026-01-15T17:00:00Z'],
      ['America/Los_Angeles', '2026-01-16T03:59:59Z', true, '2026-01-16T03:59:59Z'],
      ['America/Los_Angeles', '2026-01-16T04:00:00Z', false, '2026-01-16T17:00:00Z'],
    ]);
  });

  it('moves with the clocks on the spring-forward day (2026-03-08): 9:00 EDT is an hour earlier in UTC than 9:00 EST the day before', () => {
    check([
      // The day before, still EST: 9:00 is 14:00Z.
      ['America/New_York', '2026-03-07T13:30:00Z', false, '2026-03-07T14:00:00Z'],
      // The evening before closes at 20:00 EST (01:00Z) and opens next at 9:00 EDT (13:00Z): 11 hours, not 13.
      ['America/New_York', '2026-03-08T00:59:59Z', true, '2026-03-08T00:59:59Z'],
      ['America/New_York', '2026-03-08T01:00:00Z', false, '2026-03-08T13:00:00Z'],
      // 2:00 to 3:00 does not exist that night; 3:30 EDT is closed.
      ['America/New_York', '2026-03-08T07:30:00Z', false, '2026-03-08T13:00:00Z'],
      ['America/New_York', '2026-03-08T12:59:59Z', false, '2026-03-08T13:00:00Z'],
      ['America/New_York', '2026-03-08T13:00:00Z', true, '2026-03-08T13:00:00Z'],
      // 13:30Z: open on the 8th (9:30 EDT), closed on the 7th (8:30 EST).
      ['America/New_York', '2026-03-08T13:30:00Z', true, '2026-03-08T13:30:00Z'],
      // 20:00 EDT is 00:00Z.
      ['America/New_York', '2026-03-08T23:59:59Z', true, '2026-03-08T23:59:59Z'],
      ['America/New_York', '2026-03-09T00:00:00Z', false, '2026-03-09T13:00:00Z'],
      ['America/Chicago', '2026-03-08T13:59:59Z', false, '2026-03-08T14:00:00Z'],
      ['America/Chicago', '2026-03-08T14:00:00Z', true, '2026-03-08T14:00:00Z'],
      ['America/Chicago', '2026-03-09T00:59:59Z', true, '2026-03-09T00:59:59Z'],
      ['America/Chicago', '2026-03-09T01:00:00Z', false, '2026-03-09T14:00:00Z'],
      // Los Angeles: the evening of the 7th (20:30 PST) waits for 9:00 PDT on the 8th.
      ['America/Los_Angeles', '2026-03-08T04:30:00Z', false, '2026-03-08T16:00:00Z'],
      ['America/Los_Angeles', '2026-03-08T15:59:59Z', false, '2026-03-08T16:00:00Z'],
      ['America/Los_Angeles', '2026-03-08T16:00:00Z', true, '2026-03-08T16:00:00Z'],
      ['America/Los_Angeles', '2026-03-09T02:59:59Z', true, '2026-03-09T02:59:59Z'],
      ['America/Los_Angeles', '2026-03-09T03:00:00Z', false, '2026-03-09T16:00:00Z'],
      // Phoenix keeps MST all year: 9:00 is 16:00Z on both days.
      ['America/Phoenix', '2026-03-07T15:59:59Z', false, '2026-03-07T16:00:00Z'],
      ['America/Phoenix', '2026-03-08T15:59:59Z', false, '2026-03-08T16:00:00Z'],
      ['America/Phoenix', '2026-03-08T16:00:00Z', true, '2026-03-08T16:00:00Z'],
      ['America/Phoenix', '2026-03-09T02:59:59Z', true, '2026-03-09T02:59:59Z'],
      ['America/Phoenix', '2026-03-09T03:00:00Z', false, '2026-03-09T16:00:00Z'],
    ]);
  });

  it('moves back on the fall-back day (2026-11-01): 9:00 CST is an hour later in UTC than 9:00 CDT the day before', () => {
    check([
      // The day before, CDT: 9:00 is 14:00Z; 14:30Z is open on the 31st and closed on the 1st.
      ['America/Chicago', '2026-10-31T14:30:00Z', true, '2026-10-31T14:30:00Z'],
      // 20:00 CDT on the 31st is 01:00Z; the next opening, 9:00 CST on the 1st, is 14 hours later.
      ['America/Chicago', '2026-11-01T00:59:59Z', true, '2026-11-01T00:59:59Z'],
      ['America/Chicago', '2026-11-01T01:00:00Z', false, '2026-11-01T15:00:00Z'],
      // 1:30 happens twice that night; both are closed.
      ['America/Chicago', '2026-11-01T06:30:00Z', false, '2026-11-01T15:00:00Z'],
      ['America/Chicago', '2026-11-01T07:30:00Z', false, '2026-11-01T15:00:00Z'],
      ['America/Chicago', '2026-11-01T14:30:00Z', false, '2026-11-01T15:00:00Z'],
      ['America/Chicago', '2026-11-01T14:59:59Z', false, '2026-11-01T15:00:00Z'],
      ['America/Chicago', '2026-11-01T15:00:00Z', true, '2026-11-01T15:00:00Z'],
      // 20:00 CST is 02:00Z.
      ['America/Chicago', '2026-11-02T01:59:59Z', true, '2026-11-02T01:59:59Z'],
      ['America/Chicago', '2026-11-02T02:00:00Z', false, '2026-11-02T15:00:00Z'],
      ['America/New_York', '2026-11-01T13:59:59Z', false, '2026-11-01T14:00:00Z'],
      ['America/New_York', '2026-11-01T14:00:00Z', true, '2026-11-01T14:00:00Z'],
      ['America/New_York', '2026-11-02T00:59:59Z', true, '2026-11-02T00:59:59Z'],
      ['America/New_York', '2026-11-02T01:00:00Z', false, '2026-11-02T14:00:00Z'],
      ['America/Los_Angeles', '2026-11-01T16:59:59Z', false, '2026-11-01T17:00:00Z'],
      ['America/Los_Angeles', '2026-11-01T17:00:00Z', true, '2026-11-01T17:00:00Z'],
      ['America/Los_Angeles', '2026-11-02T03:59:59Z', true, '2026-11-02T03:59:59Z'],
      ['America/Los_Angeles', '2026-11-02T04:00:00Z', false, '2026-11-02T17:00:00Z'],
    ]);
  });

  it("gives the school's date, which is not the UTC date in the evening", () => {
    assert.equal(window('America/Los_Angeles', '2026-03-09T02:00:00Z').localDate, '2026-03-08');
    assert.equal(window('America/New_York', '2026-03-09T02:00:00Z').localDate, '2026-03-08');
    assert.equal(window('America/New_York', '2026-03-09T05:00:00Z').localDate, '2026-03-09');
  });

  it('closes at 20:00 the day it opened, or the next day from 20:00 on', () => {
    assert.equal(window('America/Chicago', '2026-11-01T10:00:00Z').closesAt.toISOString(), '2026-11-02T02:00:00.000Z');
    assert.equal(window('America/Chicago', '2026-11-02T02:00:00Z').closesAt.toISOString(), '2026-11-03T02:00:00.000Z');
  });

  it('refuses a zone it does not know', () => {
    assert.throws(() => window('Mars/Olympus_Mons', '2026-01-15T12:00:00Z'), RangeError);
  });
});

describe('school time zones from their state', () => {
  it('has a zone the runtime knows for every state, DC and territory, by postal code and by name', () => {
    assert.equal(STATE_TIME_ZONES.length, 56, '50 states, DC and 5 territories');
    for (const [code, name, zone] of STATE_TIME_ZONES) {
      assert.ok(isTimeZone(zone), zone);
      assert.equal(timeZoneOfState(code), zone, code);
      assert.equal(timeZoneOfState(name), zone, name);
    }
  });

  it('reads states as the data holds them: Texas is Chicago, Ohio and Georgia New York, case and spaces aside', () => {
    assert.equal(timeZoneOfState('Texas'), 'America/Chicago');
    assert.equal(timeZoneOfState('TX'), 'America/Chicago');
    assert.equal(timeZoneOfState('  new   york '), 'America/New_York');
    assert.equal(timeZoneOfState('Ohio'), 'America/New_York');
    assert.equal(timeZoneOfState('Georgia'), 'America/New_York');
    assert.equal(timeZoneOfState('Arizona'), 'America/Phoenix');
    assert.equal(timeZoneOfState('Zzland'), FALLBACK_TIME_ZONE);
  });

  it('takes IANA names only', () => {
    for (const name of ['America/Chicago', 'America/Indiana/Indianapolis', 'Pacific/Honolulu'])
      assert.ok(isTimeZone(name));
    for (const name of ['CST', 'UTC', 'Mars/Olympus_Mons', 'America/', '', 'America/Chicago; DROP']) {
      assert.equal(isTimeZone(name), false, name);
    }
  });
});

describe('school time zones in the database', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it("migration 0015's copy of the table answers as the server's does, for every state and for an unknown one", async () => {
    const states = [
      ...STATE_TIME_ZONES.flatMap(([code, name]) => [code, name, name.toUpperCase()]),
      'Zzland',
      ' texas ',
    ];
    for (const state of states) {
      const { rows } = (await t.database.db.execute(
        sql`SELECT school_time_zone_of_state(${state}) AS zone`,
      )) as unknown as {
        rows: { zone: string }[];
      };
      assert.equal(rows[0]?.zone, timeZoneOfState(state), state);
    }
  });

  it('gave the demo schools their state’s zone, and a school inserted without one gets its state’s', async () => {
    const rows = await t.database.db.select().from(schools).orderBy(schools.id);
    for (const school of rows) assert.equal(school.timeZone, timeZoneOfState(school.state), school.name);
    const [inserted] = await t.database.db
      .insert(schools)
      .values({ name: 'Tucson High', state: 'Arizona' })
      .returning();
    assert.equal(inserted!.timeZone, 'America/Phoenix');
    await t.database.db.delete(schools).where(eq(schools.id, inserted!.id));
  });

  it('the import takes a timeZone, refuses one that is not a zone, and keeps an admin’s zone on a re-run without one', async () => {
    const db = t.database.db;
    await importData(db, { schools: [{ id: 901, name: 'El Paso High', state: 'Texas', timeZone: 'America/Denver' }] });
    await importData(db, { schools: [{ id: 902, name: 'Austin High', state: 'Texas' }] });
    const zoneOf = async (id: number) => (await db.select().from(schools).where(eq(schools.id, id)))[0]!.timeZone;
    assert.equal(await zoneOf(901), 'America/Denver');
    assert.equal(await zoneOf(902), 'America/Chicago');
    // A re-run without the zone leaves it; a re-run with one writes it.
    await importData(db, { schools: [{ id: 901, name: 'El Paso High School', state: 'Texas' }] });
    assert.equal(await zoneOf(901), 'America/Denver');
    await importData(db, { schools: [{ id: 902, name: 'Austin High', state: 'Texas', timeZone: 'America/Chicago' }] });
    assert.equal(await zoneOf(902), 'America/Chicago');
    await assert.rejects(
      () => importData(db, { schools: [{ id: 903, name: 'Nowhere High', state: 'Texas', timeZone: 'Central Time' }] }),
      (error: unknown) =>
        error instanceof ImportError &&
        error.problems.some((problem) => problem.startsWith('schools[0].timeZone: not an IANA time zone')),
    );
    await db.delete(schools).where(inArray(schools.id, [901, 902]));
  });
});

describe('the reminder job keeps to each school’s hours', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ demo: false });
  });
  after(() => t.close());

  /** A school in each zone, each with a team's fundraiser and one opted-in, confirmed student page. */
  const ZONES = {
    newYork: { zone: 'America/New_York', phone: '2125550101', school: 1 },
    chicago: { zone: 'America/Chicago', phone: '3125550101', school: 2 },
    losAngeles: { zone: 'America/Los_Angeles', phone: '2135550101', school: 3 },
  } as const;
  const places = Object.values(ZONES);

  /** Fundraisers `startDate`–`endDate` in the three schools, ids from `firstId`, pages opted in and confirmed. */
  async function fundraisersOf(firstId: number, startDate: string, endDate: string) {
    const db = t.database.db;
    await db.delete(reminderSends);
    await db.delete(smsOutbox);
    await db.delete(fundraiserDevices);
    await importData(db, {
      schools: places.map(({ school, zone }) => ({
        id: school,
        name: `School ${school}`,
        state: 'Kansas',
        timeZone: zone,
      })),
      teams: [{ id: 1, name: 'Varsity' }],
      items: [{ id: 1, name: 'Cookie Dough', messageTextName: 'Cookie Dough', options: [] }],
      fundraisers: places.map(({ school }, i) => ({
        id: firstId + i,
        schoolId: school,
        teamId: 1,
        name: `Fundraiser ${firstId + i}`,
        isActive: true,
        startDate,
        endDate,
        itemIds: [1],
      })),
      devices: places.map(({ phone }, i) => ({
        guid: `00000000-0000-4000-8000-00000000${String(firstId + i).padStart(4, '0')}`,
        fundraiserId: firstId + i,
        phone,
        isOptedIn: true,
        studentIs13OrOlder: true,
        studentFirstName: 'Jordan',
        studentLastName: 'Rivera',
      })),
    });
    await db.update(fundraiserDevices).set({ phoneVerifiedAt: new Date() });
  }

  /** Runs a pass at `iso`; which of the three schools got a text in it. */
  async function passAt(iso: string): Promise<string[]> {
    const before = await Promise.all(places.map(({ phone }) => textsTo(t.database, phone)));
    await t.app.runReminderPass({ now: at(iso) });
    const after = await Promise.all(places.map(({ phone }) => textsTo(t.database, phone)));
    return places.filter((_, i) => after[i]!.length > before[i]!.length).map(({ zone }) => zone);
  }

  it('a kickoff reminder due on the fall-back day goes at 9:00 in each zone in turn, not before', async () => {
    // Kicked off October 30: the reminder is due November 1, each school's date.
    await fundraisersOf(10, '2026-10-30', '2026-12-15');
    assert.deepEqual(await passAt('2026-11-01T13:59:00Z'), [], '8:59 EST in New York; earlier further west');
    assert.deepEqual(await passAt('2026-11-01T14:00:00Z'), ['America/New_York']);
    assert.deepEqual(await passAt('2026-11-01T14:59:59Z'), [], '8:59 CST in Chicago (9:59 CDT the day before)');
    assert.deepEqual(await passAt('2026-11-01T15:00:00Z'), ['America/Chicago']);
    assert.deepEqual(await passAt('2026-11-01T16:59:00Z'), []);
    assert.deepEqual(await passAt('2026-11-01T17:00:00Z'), ['America/Los_Angeles']);
    assert.deepEqual(await passAt('2026-11-01T18:00:00Z'), [], 'each went once');
    for (const { phone } of places) {
      const texts = await textsTo(t.database, phone);
      assert.equal(texts.length, 1);
      assert.match(texts[0]!, /kicked off two days ago.* Reply STOP to opt out$/);
    }
  });

  it('a reminder due on the spring-forward day stops at 20:00 in each zone, and one left over waits for 9:00 the next day', async () => {
    // Ending March 10: "two days left" is due from March 8 on.
    await fundraisersOf(20, '2026-02-01', '2026-03-10');
    // 20:00 EDT in New York (its window closed), 19:00 CDT in Chicago, 17:00 PDT in Los Angeles.
    assert.deepEqual(await passAt('2026-03-09T00:00:00Z'), ['America/Chicago', 'America/Los_Angeles']);
    assert.deepEqual(await passAt('2026-03-09T00:30:00Z'), [], 'New York waits for its morning');
    assert.equal((await t.database.db.select().from(reminderSends)).length, 2, 'nothing claimed for New York');
    // 8:59 EDT on the 9th, then 9:00.
    assert.deepEqual(await passAt('2026-03-09T12:59:00Z'), []);
    assert.deepEqual(await passAt('2026-03-09T13:00:00Z'), ['America/New_York']);
  });

  it('one instant, three answers: 19:59:59 in Chicago sends, 20:59:59 in New York does not, 17:59:59 in Los Angeles sends', async () => {
    await fundraisersOf(30, '2026-02-01', '2026-03-10');
    // 2026-03-09T00:59:59Z: Chicago 19:59:59 CDT, New York 20:59:59 EDT, Los Angeles 17:59:59 PDT.
    assert.deepEqual(await passAt('2026-03-09T00:59:59Z'), ['America/Chicago', 'America/Los_Angeles']);
  });
});
