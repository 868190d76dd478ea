import { and, eq, gte, isNotNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { fundraiserDevices, fundraisers, reminderSends, schools, smsOptOuts, teams } from '../../platform/db/schema';
import { pageTextsPhone } from './pagePrivacy';

export type ReminderKind = (typeof reminderSends.$inferInsert)['kind'];

/** Reminder texts (spec §9): who may get one today, and the claims that make each go out once. */
export function reminderRepository(db: Database) {
  return {
    /**
     * Opted-in pages with a confirmed phone that never texted STOP (issue 34, COPPA: the page's own
     * phone for a student of 13 or older, confirmed by a texted code; the parent's for a younger
     * student, confirmed by the parent's link; a private page has none and gets nothing), of fundraisers active on some
     * day from `fromIso` to `toIso` (YYYY-MM-DD: the dates schools are at somewhere), with their
     * fundraiser, the names of its school and team (the text's sender) and the school's time zone.
     */
    candidates(fromIso: string, toIso: string) {
      return db
        .select({
          device: fundraiserDevices,
          fundraiser: fundraisers,
          sender: { schoolName: schools.name, teamName: teams.name },
          timeZone: schools.timeZone,
          textsPhone: sql<string>`${pageTextsPhone}`,
        })
        .from(fundraiserDevices)
        .innerJoin(fundraisers, eq(fundraisers.id, fundraiserDevices.fundraiserId))
        .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
        .innerJoin(teams, eq(teams.id, fundraisers.teamId))
        .where(
          and(
            eq(fundraiserDevices.isOptedIn, true),
            or(
              and(sql`${fundraiserDevices.studentIs13OrOlder} IS TRUE`, isNotNull(fundraiserDevices.phoneVerifiedAt)),
              and(
                sql`${fundraiserDevices.studentIs13OrOlder} IS NOT TRUE`,
                isNotNull(fundraiserDevices.parentConsentedAt),
              ),
            ),
            eq(fundraisers.isActive, true),
            lte(fundraisers.startDate, toIso),
            gte(fundraisers.endDate, fromIso),
            notExists(
              db
                .select()
                .from(smsOptOuts)
                .where(sql`${smsOptOuts.phone} = ${pageTextsPhone}`),
            ),
          ),
        );
    },

    /**
     * Claims one reminder text: its row is unique per (device, kind) and per (fundraiser, phone,
     * kind). The claim's id, or undefined when it was taken already.
     */
    async claim(values: {
      fundraiserDeviceId: number;
      kind: ReminderKind;
      phone: string;
      fundraiserId: number;
    }): Promise<number | undefined> {
      const [claim] = await db
        .insert(reminderSends)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: reminderSends.id });
      return claim?.id;
    },

    /** Gives a claim back (the text was not sent), so a later run retries. */
    async release(claimId: number): Promise<void> {
      await db.delete(reminderSends).where(eq(reminderSends.id, claimId));
    },
  };
}

export type ReminderRepository = ReturnType<typeof reminderRepository>;
