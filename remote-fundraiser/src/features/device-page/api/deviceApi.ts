import { call } from '@fu/shared';

/** Spec §7 api/Orders/ and api/Students/ calls behind the student's own page. */
export const deviceApi = {
  myFundraiser: (fundraiserDeviceGuid: string) =>
    call('GET /api/Orders/GetMyFundraiser', { query: { fundraiserDeviceGuid } }),
  /** Issue 9: the student's raised, goal per student and rank (api/Students/GetProgress). */
  progress: (guid: string) => call('GET /api/Students/GetProgress', { query: { guid } }),
  /**
   * Issue 9: the team's progress with its leaderboard. The leaderboard names students, so it comes
   * with the page's guid (api/Students/GetTeamProgress), not from the public Fundraisers/GetProgress.
   */
  teamProgress: (guid: string) => call('GET /api/Students/GetTeamProgress', { query: { guid } }),
  /** The student's contact link (/Order/Contact/{contactGuid}) for supporters, never the page's own guid. */
  qrCode: (fdid: string) => call('GET /api/Orders/GetQRCode', { query: { fdid } }),
  newCashCheckOrder: (fundraiserDeviceGuid: string) =>
    call('POST /api/Orders/NewOrderWithFDID', { body: { fundraiserDeviceGuid } }),
  countShare: (fundraiserDeviceGuid: string) =>
    call('POST /api/Orders/IncrementShareClicks', { body: { fundraiserDeviceGuid } }).then(
      () => undefined,
      () => undefined, // Spec §8: engagement counts never bother the student.
    ),
};
