import {
  call,
  callFirst,
  firstCalls,
  fundraiserLookups,
  GUID_LENGTH,
  type CreateOrderRequest,
  type ItemOptionBundles,
} from '@fu/shared';

/** The calls the order page makes (spec §7), with the spec's paths and parameter names. */
export const orderApi = {
  // The order routes' first calls, built by firstCalls: the server preloads them in the page's HTML.
  fundraiserDetails: (fundraiserId: number) => callFirst(firstCalls.fundraiserDetails(fundraiserId)),
  detailsForDevice: (fdid: string) => callFirst(firstCalls.detailsForDevice(fdid)),
  detailsForStudentContact: (contactGuid: string) => callFirst(firstCalls.detailsForStudentContact(contactGuid)),
  detailsForSocialMedia: (socialGuid: string) => callFirst(firstCalls.detailsForSocialMedia(socialGuid)),
  fundraiserOrder: (orderId: number) => callFirst(firstCalls.fundraiserOrder(orderId)),
  /** Every item's bundles in one call (3 requests for the page, not one per item). Spec §8: a failure leaves none. */
  bundlesForFundraiser: (fundraiserId: number) =>
    call('GET /api/Fundraisers/GetOptionBundlesForFundraiser', { query: { fundraiserId } }).catch(
      () => [] as ItemOptionBundles[],
    ),
  /** Issue 9: the team's goal and amount raised, for the progress bar under the team header. */
  progress: (fundraiserId: number) => fundraiserLookups.getProgress(fundraiserId),
  createOrder: (order: CreateOrderRequest) => call('POST /api/Orders/CreateOrder', { body: order }),
  /** Issue 31: whether the typed student name is one student's of the team ("Jordan R."), or counts for the team. */
  matchStudent: (fundraiserId: number, firstName: string, lastName: string) =>
    call('GET /api/Orders/MatchStudent', { query: { fundraiserId, firstName, lastName } }),
  /** A paid order's receipt address, answered only to the browser that paid it (as checkout asks it). */
  digitalReceipt: (appSiteUrl: string, orderId: number) =>
    call('POST /api/donor/digitalReceipt/:orderId', { params: { orderId } }, { origin: appSiteUrl }),
};

const ENGAGEMENT = {
  page: (fundraiserDeviceGuid: string) =>
    call('POST /api/Orders/IncrementPageVisits', { body: { fundraiserDeviceGuid } }),
  contact: (studentContactGuid: string) =>
    call('POST /api/Orders/IncrementStudentContactEngagement', { body: { studentContactGuid } }),
  social: (socialGuid: string) => call('POST /api/Orders/IncrementSocialMediaEngagement', { body: { socialGuid } }),
} as const;

export type EngagementKind = keyof typeof ENGAGEMENT;

/** Spec §5/§9: only 36-character guids count, once per browser session per guid; errors are only logged. */
export function countEngagementOnce(kind: EngagementKind, guid: string, storage: Storage = sessionStorage): void {
  if (guid.length !== GUID_LENGTH) return;
  const key = `fu:engagement:${kind}:${guid}`;
  try {
    if (storage.getItem(key)) return;
    storage.setItem(key, '1');
  } catch {
    // Private mode without storage: count anyway.
  }
  ENGAGEMENT[kind](guid).catch((error: unknown) => console.error(`counting the ${kind} engagement failed`, error));
}
