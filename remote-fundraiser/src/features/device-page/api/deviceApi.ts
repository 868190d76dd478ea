import { api, fundraiserLookups, type FundraiserDevice, type QrCodeResponse, type StudentProgress } from '@fu/shared';

/** Spec §7 api/Orders/ calls behind the student's own page. */
export const deviceApi = {
  myFundraiser: (fundraiserDeviceGuid: string) =>
    api.get<FundraiserDevice>('/api/Orders/GetMyFundraiser', { params: { fundraiserDeviceGuid } }).then((r) => r.data),
  /** Issue 9: the student's raised, goal per student and rank (api/Students/GetProgress). */
  progress: (guid: string) =>
    api.get<StudentProgress>('/api/Students/GetProgress', { params: { guid } }).then((r) => r.data),
  /** Issue 9: the team's progress and leaderboard. */
  teamProgress: (fundraiserId: number) => fundraiserLookups.getProgress(fundraiserId),
  qrCode: (fdid: string) => api.get<QrCodeResponse>('/api/Orders/GetQRCode', { params: { fdid } }).then((r) => r.data),
  newCashCheckOrder: (fundraiserDeviceGuid: string) =>
    api.post<number>('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid }).then((r) => r.data),
  countShare: (fundraiserDeviceGuid: string) =>
    api.post('/api/Orders/IncrementShareClicks', { fundraiserDeviceGuid }).then(
      () => undefined,
      () => undefined, // Spec §8: engagement counts never bother the student.
    ),
};
