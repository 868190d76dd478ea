import { eq } from 'drizzle-orm';
import type { AdminFundraiser } from '@fu/shared/contracts';
import { invalidateLookups } from '../../platform/cache/lookupCache';
import type { Database } from '../../platform/db/client';
import { fundraisers, schools, teams } from '../../platform/db/schema';

/** Admin: a fundraiser's settings the admin app edits here: its goal per student (issue 9), its privacy mode (issue 34). */
export function adminFundraiserRepository(db: Database) {
  return {
    async fundraiser(fundraiserId: number): Promise<AdminFundraiser | undefined> {
      const [row] = await db
        .select({
          id: fundraisers.id,
          name: fundraisers.name,
          teamName: teams.name,
          schoolName: schools.name,
          isActive: fundraisers.isActive,
          goalPerStudentCents: fundraisers.goalPerStudentCents,
          privacyMode: fundraisers.privacyMode,
        })
        .from(fundraisers)
        .innerJoin(teams, eq(teams.id, fundraisers.teamId))
        .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
        .where(eq(fundraisers.id, fundraiserId));
      return row;
    },

    /** Sets the fundraiser's goal per student; false when there is no such fundraiser. */
    async setGoalPerStudent(fundraiserId: number, goalPerStudentCents: number): Promise<boolean> {
      const updated = await db
        .update(fundraisers)
        .set({ goalPerStudentCents })
        .where(eq(fundraisers.id, fundraiserId))
        .returning({ id: fundraisers.id });
      return updated.length > 0;
    },

    /**
     * Turns the fundraiser's privacy mode on or off (issue 34); false when there is no such
     * fundraiser. The cached order pages carry the flag: every instance's lookups read afresh.
     */
    async setPrivacyMode(fundraiserId: number, privacyMode: boolean): Promise<boolean> {
      const updated = await db
        .update(fundraisers)
        .set({ privacyMode })
        .where(eq(fundraisers.id, fundraiserId))
        .returning({ id: fundraisers.id });
      if (updated.length === 0) return false;
      await invalidateLookups(db);
      return true;
    },
  };
}

export type AdminFundraiserRepository = ReturnType<typeof adminFundraiserRepository>;
