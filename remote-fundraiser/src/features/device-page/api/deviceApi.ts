import { api, type FundraiserDevice, type QrCodeResponse, type StudentProgress, type TeamStandings } from '@fu/shared';

/** Spec §7 api/Orders/ and api/Students/ calls behind the student's own page. */
export const deviceApi = {
  myFundraiser: (fundraiserDeviceGuid: string) =>
    api.get<FundraiserDevice>('/api/Orders/GetMyFundraiser', { params: { fundraiserDeviceGuid } }).then((r) => r.data),
  /** Issue 9: the student's raised, goal per student and rank (api/Students/GetProgress). */
  progress: (guid: string) =>
    api.get<StudentProgress>('/api/Students/GetProgress', { params: { guid } }).then((r) => r.data),
  /**
   * Issue 9: the team's progress with its leaderboard. The leaderboard names students, so it comes
   * with the page's guid (api/Students/GetTeamProgress), not from the public Fundraisers/GetProgress.
   */
  teamProgress: (guid: string) =>
    api.get<TeamStandings>('/api/Students/GetTeamProgress', { params: { guid } }).then((r) => r.data),
  /** The student's contact link (/Order/Contact/{contactGuid}) for supporters, never the page's own guid. */
  qrCode: (fdid: string) => api.get<QrCodeResponse>('/api/Orders/GetQRCode', { params: { fdid } }).then((r) => r.data),
  newCashCheckOrder: (fundraiserDeviceGuid: string) =>
    api.post<number>('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid }).then((r) => r.data),
  countShare: (fundraiserDeviceGuid: string) =>
    api.post('/api/Orders/IncrementShareClicks', { fundraiserDeviceGuid }).then(
      () => undefined,
      () => undefined, // Spec §8: engagement counts never bother the student.
    ),
};
