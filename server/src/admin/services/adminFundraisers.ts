import { DEFAULT_GOAL_PER_STUDENT_CENTS, type AdminFundraiser, type SaveFundraiserRequest } from '@fu/shared/contracts';
import { notFound } from '../../platform/http/errors';
import { text } from '../../platform/i18n/text';
import type { AdminFundraiserRepository } from '../repositories/adminFundraisers';

const fundraiserNotFound = (fundraiserId: number) =>
  notFound(text('server.admin.fundraiserNotFound', { fundraiserId }));

/** Admin: a fundraiser's settings the admin app edits here: its goal per student (issue 9), its privacy mode (issue 34). */
export function adminFundraisers(fundraisers: AdminFundraiserRepository) {
  async function fundraiser(fundraiserId: number): Promise<AdminFundraiser> {
    const row = await fundraisers.fundraiser(fundraiserId);
    if (!row) throw fundraiserNotFound(fundraiserId);
    return row;
  }

  return {
    fundraiser,

    /**
     * Absent goal: unchanged; null: back to the default; a number (validated ≥ 1 by the schema): that
     * goal. Privacy mode (issue 34): absent unchanged, a boolean sets it.
     */
    async saveFundraiser(request: SaveFundraiserRequest): Promise<AdminFundraiser> {
      if (request.goalPerStudentCents !== undefined) {
        const goal = request.goalPerStudentCents ?? DEFAULT_GOAL_PER_STUDENT_CENTS;
        if (!(await fundraisers.setGoalPerStudent(request.id, goal))) throw fundraiserNotFound(request.id);
      }
      if (request.privacyMode !== undefined) {
        if (!(await fundraisers.setPrivacyMode(request.id, request.privacyMode))) throw fundraiserNotFound(request.id);
      }
      return fundraiser(request.id);
    },
  };
}
