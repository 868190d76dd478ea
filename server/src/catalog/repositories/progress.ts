import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  PAYMENT_TYPES,
  type FundraiserProgress,
  type LeaderboardEntry,
  type StudentProgress,
  type TeamStandings,
} from '@fu/shared/contracts';
import { isGuid, namesStudentsInPublic, studentShortName } from '@fu/shared/rules';
import type { Database } from '../../platform/db/client';
import { fundraiserDevices, fundraisers, orders } from '../../platform/db/schema';
import { pageIsPublic } from '../../students/repositories/pagePrivacy';

/** How many students the team leaderboard lists. */
export const LEADERBOARD_SIZE = 10;

/** Paid by cash or check: recorded by a student, not taken by card. */
const cashOrCheck = sql`${orders.paymentTypeId} in (${PAYMENT_TYPES.cash}, ${PAYMENT_TYPES.check})`;

/** What one query gives for a fundraiser: its goal, the team's total and every student's. */
interface Standings {
  fundraiserId: number;
  goalPerStudentCents: number;
  /** Issue 34: no leaderboard, students by first name only. */
  privacyMode: boolean;
  teamRaisedCents: number;
  teamCashCheckCents: number;
  students: {
    deviceId: number;
    guid: string;
    firstName: string;
    lastName: string;
    /** Not private (issue 34, COPPA): the leaderboard may name them. */
    isPublic: boolean;
    raisedCents: number;
    cashCheckCents: number;
  }[];
}

/**
 * "Jane D.": the first name and the last name's initial with a period, nothing else (no phone,
 * never the full last name); the shared rule, which the pages that record a student's sale use too.
 * Both parts pass the typed-text rule first: the name reaches link previews and other students'
 * leaderboards.
 */
export const displayName = studentShortName;

const byName = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/**
 * Most raised first; equal amounts by first name, then last name (case- and accent-blind, the same
 * on PGlite and PostgreSQL whatever their collation), then page id so the order is stable.
 */
function ranked(students: Standings['students']) {
  const sorted = [...students].sort(
    (a, b) =>
      b.raisedCents - a.raisedCents ||
      byName.compare(a.firstName, b.firstName) ||
      byName.compare(a.lastName, b.lastName) ||
      a.deviceId - b.deviceId,
  );
  // Competition ranking: a student's rank is 1 + how many raised strictly more (1, 1, 3).
  let rank = 0;
  return sorted.map((student, index) => {
    if (index === 0 || student.raisedCents !== sorted[index - 1]!.raisedCents) rank = index + 1;
    return { ...student, rank };
  });
}

/** The team's goal: the goal per student times its students, at least one student's worth. */
export const teamGoalCents = (goalPerStudentCents: number, studentCount: number) =>
  goalPerStudentCents * Math.max(studentCount, 1);

/**
 * Issue 9 "Goal progress", computed from real orders on every call (nothing cached).
 *
 * Definitions, the same everywhere (docs/goal-progress.md):
 * - raised = the sum of `order_total + covered_fee` over the fundraiser's orders with status
 *   'paid': what the supporter paid, i.e. items + shipping + donation, plus the processing fee
 *   they chose to cover at card checkout (issue 19: it makes up what the processor takes, so the
 *   team's total counts it as the supporter's gift). The cash/check convenience fee is shown on
 *   that summary only and never charged, so it never counts. Unpaid drafts never count.
 *   Test-mode orders count like the student page's Orders total does (devices.ts sums the same).
 * - a student's raised = the same over paid orders whose `fundraiser_device_id` is their page
 *   (orders taken on /Order/{guid}, /Order/Contact/…, /Order/Social/…, cash/check sales, and orders
 *   from /Order/{fundraiserId}/… whose typed name is exactly theirs: orders/services/studentCredit.ts).
 *   Orders without a student page count toward the team only.
 * - students = the fundraiser's pages (fundraiser_devices); the team goal is the goal per student
 *   times their number, at least one.
 */
export function progressRepository(db: Database) {
  /** One statement: the fundraiser's paid orders summed per student page (orders_fundraiser_idx), joined to its pages. */
  async function standings(fundraiserId: SQL | number): Promise<Standings | undefined> {
    const id = typeof fundraiserId === 'number' ? sql`${fundraiserId}` : fundraiserId;
    const paid = db.$with('paid').as(
      db
        .select({
          deviceId: orders.fundraiserDeviceId,
          raised: sql<string>`sum(${orders.orderTotal} + ${orders.coveredFee})`.as('raised'),
          // Cash and check orders never carry a covered fee.
          cashCheck: sql<string>`sum(${orders.orderTotal}) filter (where ${cashOrCheck})`.as('cash_check'),
        })
        .from(orders)
        .where(and(sql`${orders.fundraiserId} = ${id}`, eq(orders.status, 'paid')))
        .groupBy(orders.fundraiserDeviceId),
    );
    const rows = await db
      .with(paid)
      .select({
        fundraiserId: fundraisers.id,
        goalPerStudentCents: fundraisers.goalPerStudentCents,
        privacyMode: fundraisers.privacyMode,
        // Every paid order of the fundraiser, with or without a student page.
        teamRaisedCents: sql<number>`(select coalesce(sum("raised"), 0) from "paid")::bigint`.mapWith(Number),
        teamCashCheckCents: sql<number>`(select coalesce(sum("cash_check"), 0) from "paid")::bigint`.mapWith(Number),
        deviceId: fundraiserDevices.id,
        guid: fundraiserDevices.guid,
        firstName: fundraiserDevices.studentFirstName,
        lastName: fundraiserDevices.studentLastName,
        isPublic: pageIsPublic,
        raisedCents: sql<number>`coalesce(${paid.raised}, 0)::bigint`.mapWith(Number),
        cashCheckCents: sql<number>`coalesce(${paid.cashCheck}, 0)::bigint`.mapWith(Number),
      })
      .from(fundraisers)
      .leftJoin(fundraiserDevices, eq(fundraiserDevices.fundraiserId, fundraisers.id))
      .leftJoin(paid, eq(paid.deviceId, fundraiserDevices.id))
      .where(sql`${fundraisers.id} = ${id}`);
    const first = rows[0];
    if (!first) return undefined;
    return {
      fundraiserId: first.fundraiserId,
      goalPerStudentCents: first.goalPerStudentCents,
      privacyMode: first.privacyMode,
      teamRaisedCents: first.teamRaisedCents,
      teamCashCheckCents: first.teamCashCheckCents,
      students: rows.flatMap((row) =>
        row.deviceId === null
          ? []
          : [
              {
                deviceId: row.deviceId,
                guid: row.guid!,
                firstName: row.firstName!,
                lastName: row.lastName!,
                isPublic: Boolean(row.isPublic),
                raisedCents: row.raisedCents,
                cashCheckCents: row.cashCheckCents,
              },
            ],
      ),
    };
  }

  /** The team's totals, as anyone may see them (no student named). */
  const teamProgress = (found: Standings): FundraiserProgress => ({
    fundraiserId: found.fundraiserId,
    goalCents: teamGoalCents(found.goalPerStudentCents, found.students.length),
    goalPerStudentCents: found.goalPerStudentCents,
    raisedCents: found.teamRaisedCents,
    cashCheckCents: found.teamCashCheckCents,
    studentCount: found.students.length,
  });

  /** The fundraiser of a student page, as SQL for `standings`. */
  const fundraiserOfPage = (guid: string) =>
    sql`(select ${fundraiserDevices.fundraiserId} from ${fundraiserDevices} where ${fundraiserDevices.guid} = ${guid.toLowerCase()})`;

  return {
    /** GetProgress?fundraiserId: the team's goal and raised; undefined for no such fundraiser. */
    async fundraiserProgress(fundraiserId: number): Promise<FundraiserProgress | undefined> {
      const found = await standings(fundraiserId);
      return found && teamProgress(found);
    },

    /**
     * Students/GetTeamProgress?guid: the page's team, with its leaderboard; undefined for no such page.
     * A fundraiser in privacy mode (issue 34) has no leaderboard: none is sent, only the team's figures.
     */
    async teamStandings(guid: string): Promise<TeamStandings | undefined> {
      if (!isGuid(guid)) return undefined;
      const found = await standings(fundraiserOfPage(guid));
      if (!found) return undefined;
      if (!namesStudentsInPublic(found)) return { ...teamProgress(found), leaderboard: [], privacyMode: true };
      const leaderboard: LeaderboardEntry[] = ranked(found.students)
        // A private page (issue 34, COPPA) is never named; its place is kept, so ranks stay true.
        .filter((student) => student.raisedCents > 0 && student.isPublic)
        .slice(0, LEADERBOARD_SIZE)
        .map((student) => ({
          rank: student.rank,
          name: displayName(student.firstName, student.lastName),
          raisedCents: student.raisedCents,
        }));
      return { ...teamProgress(found), leaderboard };
    },

    /** Students/GetProgress?guid: one student's goal, raised and rank; undefined for no such page. */
    async studentProgress(guid: string): Promise<StudentProgress | undefined> {
      if (!isGuid(guid)) return undefined;
      const lower = guid.toLowerCase();
      const found = await standings(fundraiserOfPage(lower));
      const me = found && ranked(found.students).find((student) => student.guid === lower);
      if (!found || !me) return undefined;
      return {
        goalCents: found.goalPerStudentCents,
        raisedCents: me.raisedCents,
        cashCheckCents: me.cashCheckCents,
        rank: me.rank,
        studentCount: found.students.length,
      };
    },
  };
}

export type ProgressRepository = ReturnType<typeof progressRepository>;
