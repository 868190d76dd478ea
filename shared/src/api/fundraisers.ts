import { call } from './call';
import type { FundraiserSummary } from '../contracts/types';

/** Lookups under api/Fundraisers/ (spec §7): GET, no body, exact parameter names. */
export const fundraiserLookups = {
  listActiveStates: (itemId: number) => call('GET /api/Fundraisers/ListActiveStates', { query: { itemId } }),
  listActiveSchools: (location: string, itemId: number) =>
    call('GET /api/Fundraisers/ListActiveSchools', { query: { location, itemId } }),
  getSchool: (schoolId: number) => call('GET /api/Fundraisers/GetSchool', { query: { schoolId } }),
  // With a schoolId the answer is the school's groups; the one-sentence answer is the phone lookup's.
  listActiveFundraisers: (schoolId: number, itemId: number) =>
    call('GET /api/Fundraisers/ListActiveFundraisers', { query: { schoolId, itemId } }) as Promise<FundraiserSummary[]>,
  getFundraiserDetails: (fundraiserId: number) =>
    call('GET /api/Fundraisers/GetFundraiserDetails', { query: { fundraiserId } }),
  /** Issue 9: the team's goal and the amount raised from paid orders (no student named: it is public). */
  getProgress: (fundraiserId: number) => call('GET /api/Fundraisers/GetProgress', { query: { fundraiserId } }),
};
