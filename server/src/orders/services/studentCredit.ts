import type { MatchStudentAnswer, MatchStudentQuery } from '@fu/shared/contracts';
import { matchStudent, studentNameIn, studentNameProblems } from '@fu/shared/rules';
import { HttpError } from '../../platform/http/errors';
import type { DeviceRepository } from '../../students/repositories/devices';

/** A student page an order is credited to, and its name as the leaderboard shows it (first name only in privacy mode). */
export interface CreditedStudent {
  deviceId: number;
  displayName: string;
}

/**
 * Issue 31, "Credit goes where the supporter says": the student page that a name typed on the team's
 * order page (the directory path, no student link) stands for. Exactly one of the fundraiser's pages
 * with that first and last name, ignoring case, accents and extra spaces (the shared rule), or none:
 * no match, two students of that name, a closed or unknown fundraiser are all no one, and nothing is
 * credited to a guess. The answer names at most "Jordan R."; a caller spends a per-client budget
 * before each check (platform/routes/clientBudget.ts), so a roster cannot be walked name by name.
 */
export function studentCredit(devices: Pick<DeviceRepository, 'studentNamesOfOpenFundraiser'>) {
  async function find(fundraiserId: number, firstName: string, lastName: string): Promise<CreditedStudent | undefined> {
    const pages = await devices.studentNamesOfOpenFundraiser(fundraiserId);
    const page = matchStudent({ firstName, lastName }, pages);
    // "Jordan R.", or "Jordan" in privacy mode (issue 34).
    return page && { deviceId: page.deviceId, displayName: studentNameIn(page, page.firstName, page.lastName) };
  }

  return {
    find,

    /** MatchStudent: the form's own messages for a name it would refuse; else one student's name or none. */
    async answer(query: MatchStudentQuery): Promise<MatchStudentAnswer> {
      const problems = studentNameProblems(query.firstName, query.lastName);
      if (problems.length) throw new HttpError(400, problems[0]!.message, problems);
      const found = await find(query.fundraiserId, query.firstName, query.lastName);
      return found ? { match: 'one', displayName: found.displayName } : { match: 'none' };
    },
  };
}

export type StudentCredit = ReturnType<typeof studentCredit>;
