import { api } from './client';
import type { FundraiserOrder, FundraiserProgress, FundraiserSummary, School, SchoolSummary } from '../contracts/types';

/** Lookups under api/Fundraisers/ (spec §7): GET, no body, exact parameter names. */
export const fundraiserLookups = {
  listActiveStates: (itemId: number) =>
    api.get<string[]>('/api/Fundraisers/ListActiveStates', { params: { itemId } }).then((r) => r.data),
  listActiveSchools: (location: string, itemId: number) =>
    api
      .get<SchoolSummary[]>('/api/Fundraisers/ListActiveSchools', { params: { location, itemId } })
      .then((r) => r.data),
  getSchool: (schoolId: number) =>
    api.get<School>('/api/Fundraisers/GetSchool', { params: { schoolId } }).then((r) => r.data),
  listActiveFundraisers: (schoolId: number, itemId: number) =>
    api
      .get<FundraiserSummary[]>('/api/Fundraisers/ListActiveFundraisers', { params: { schoolId, itemId } })
      .then((r) => r.data),
  getFundraiserDetails: (fundraiserId: number) =>
    api.get<FundraiserOrder>('/api/Fundraisers/GetFundraiserDetails', { params: { fundraiserId } }).then((r) => r.data),
  /** Issue 9: the team's goal and the amount raised from paid orders (no student named: it is public). */
  getProgress: (fundraiserId: number) =>
    api.get<FundraiserProgress>('/api/Fundraisers/GetProgress', { params: { fundraiserId } }).then((r) => r.data),
};
