import { call, callFirst } from './call';
import { firstCalls } from '../pages/firstCalls';
import type { FundraiserSummary } from '../contracts/types';

/** Lookups under api/Fundraisers/ (spec §7): GET, no body, exact parameter names. */
export const fundraiserLookups = {
  // The selection pages' first calls: built by firstCalls, which the server preloads them by.
  listActiveStates: (itemId: number) => callFirst(firstCalls.states(itemId)),
  listActiveSchools: (location: string, itemId: number) => callFirst(firstCalls.schools(location, itemId)),
  getSchool: (schoolId: number) => callFirst(firstCalls.school(schoolId)),
  // With a schoolId the answer is the school's groups; the one-sentence answer is the phone lookup's.
  listActiveFundraisers: (schoolId: number, itemId: number) =>
    callFirst(firstCalls.groups(schoolId, itemId)) as Promise<FundraiserSummary[]>,
  getFundraiserDetails: (fundraiserId: number) => callFirst(firstCalls.fundraiserDetails(fundraiserId)),
  /** Issue 9: the team's goal and the amount raised from paid orders (no student named: it is public). */
  getProgress: (fundraiserId: number) => call('GET /api/Fundraisers/GetProgress', { query: { fundraiserId } }),
};
