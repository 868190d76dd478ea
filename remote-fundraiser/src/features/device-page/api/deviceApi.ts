import { call, callFirst, firstCalls } from '@fu/shared';

/** Spec §7 api/Orders/ and api/Students/ calls behind the student's own page. */
export const deviceApi = {
  // The page's first calls, built by firstCalls: the server preloads them in the page's HTML.
  myFundraiser: (fundraiserDeviceGuid: string) => callFirst(firstCalls.myFundraiser(fundraiserDeviceGuid)),
  /** Issue 9: the student's raised, goal per student and rank (api/Students/GetProgress). */
  progress: (guid: string) => call('GET /api/Students/GetProgress', { query: { guid } }),
  /**
   * Issue 9: the team's progress with its leaderboard. The leaderboard names students, so it comes
   * with the page's guid (api/Students/GetTeamProgress), not from the public Fundraisers/GetProgress.
   */
  teamProgress: (guid: string) => call('GET /api/Students/GetTeamProgress', { query: { guid } }),
  /** The student's contact link (/Order/Contact/{contactGuid}) for supporters, never the page's own guid. */
  qrCode: (fdid: string) => callFirst(firstCalls.qrCode(fdid)),
  newCashCheckOrder: (fundraiserDeviceGuid: string) =>
    call('POST /api/Orders/NewOrderWithFDID', { body: { fundraiserDeviceGuid } }),
  countShare: (fundraiserDeviceGuid: string) =>
    call('POST /api/Orders/IncrementShareClicks', { body: { fundraiserDeviceGuid } }).then(
      () => undefined,
      () => undefined, // Spec §8: engagement counts never bother the student.
    ),
};
