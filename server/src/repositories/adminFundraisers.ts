import { eq } from 'drizzle-orm';
import { DEFAULT_GOAL_PER_STUDENT_CENTS, type AdminFundraiser, type SaveFundraiserRequest } from '@fu/shared/contracts';
import type { Database } from '../db/client';
import { fundraisers, schools, teams } from '../db/schema';
import { notFound } from '../errors';

/** Admin: a fundraiser's settings the admin app edits here (today its goal per student, issue 9). */
export function adminFundraiserRepository(db: Database) {
  async function fundraiser(fundraiserId: number): Promise<AdminFundraiser> {
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
    if (!row) throw notFound(`Fundraiser ${fundraiserId} not found.`);
    return row;
  }

  return {
    fundraiser,

    /** Absent goal: unchanged; null: back to the default; a number (validated ≥ 1 by the schema): that goal. */
    async saveFundraiser(request: SaveFundraiserRequest): Promise<AdminFundraiser> {
      if (request.goalPerStudentCents !== undefined) {
        const updated = await db
          .update(fundraisers)
          .set({ goalPerStudentCents: request.goalPerStudentCents ?? DEFAULT_GOAL_PER_STUDENT_CENTS })
          .where(eq(fundraisers.id, request.id))
          .returning({ id: fundraisers.id });
        if (updated.length === 0) throw notFound(`Fundraiser ${request.id} not found.`);
      }
      return fundraiser(request.id);
    },
  };
}
