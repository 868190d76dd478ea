import { eq } from 'drizzle-orm';
import type { AdminFundraiser } from '@fu/shared/contracts';
import type { Database } from '../../platform/db/client';
import { fundraisers, schools, teams } from '../../platform/db/schema';

/** Admin: a fundraiser's settings the admin app edits here (today its goal per student, issue 9). */
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
  };
}

export type AdminFundraiserRepository = ReturnType<typeof adminFundraiserRepository>;
