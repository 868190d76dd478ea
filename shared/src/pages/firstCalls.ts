import type { GetRoute, PageCall } from '../api/pageCall';

export type { PageCall };

const get = <R extends GetRoute>(route: R, query: PageCall<R>['query']): PageCall<R> => ({ route, query });

/**
 * The first API calls of the pages, one builder each. The page calls through its builder, and its
 * remote's page table names the same call, which the server reads for the page's first screen (or
 * preloads): an answer is used only for the very same request.
 */
export const firstCalls = {
  states: (itemId: number) => get('GET /api/Fundraisers/ListActiveStates', { itemId }),
  schools: (location: string, itemId: number) => get('GET /api/Fundraisers/ListActiveSchools', { location, itemId }),
  school: (schoolId: number) => get('GET /api/Fundraisers/GetSchool', { schoolId }),
  groups: (schoolId: number, itemId: number) => get('GET /api/Fundraisers/ListActiveFundraisers', { schoolId, itemId }),
  fundraiserDetails: (fundraiserId: number) => get('GET /api/Fundraisers/GetFundraiserDetails', { fundraiserId }),
  detailsForDevice: (fdid: string) => get('GET /api/Fundraisers/GetFundraiserDetailsForDevice', { fdid }),
  detailsForStudentContact: (contactGuid: string) =>
    get('GET /api/Fundraisers/GetFundraiserDetailsForStudentContact', { contactGuid }),
  detailsForSocialMedia: (socialGuid: string) =>
    get('GET /api/Fundraisers/GetFundraiserDetailsForSocialMedia', { socialGuid }),
  fundraiserOrder: (orderId: number) => get('GET /api/Orders/GetFundraiserOrder', { orderId }),
  myFundraiser: (fundraiserDeviceGuid: string) => get('GET /api/Orders/GetMyFundraiser', { fundraiserDeviceGuid }),
  qrCode: (fdid: string) => get('GET /api/Orders/GetQRCode', { fdid }),
  order: (orderId: number) => get('GET /api/Orders/GetOrder', { orderId }),
  ticketSessionStatus: (ticketPurchaseSessionGuid: string) =>
    get('GET /api/Tickets/CheckSessionStatus', { ticketPurchaseSessionGuid }),
  ticketSession: (ticketPurchaseSessionGuid: string) =>
    get('GET /api/Tickets/GetSession', { ticketPurchaseSessionGuid }),
  ticketOffers: (ticketPurchaseSessionGuid: string) => get('GET /api/Tickets/GetOffers', { ticketPurchaseSessionGuid }),
} as const;

/**
 * A query string (without its '?'), the one way every call encodes its query, the shared client's
 * and the server's preloads alike: a preload is reused only for the very same URL. Absent values
 * are left out.
 */
export function queryString(query: object): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  return search.toString();
}

/** The call's address on the API's own origin: '/api/Fundraisers/ListActiveStates?itemId=0'. */
export function pageCallUrl(call: PageCall): string {
  const path = call.route.slice(call.route.indexOf(' ') + 1);
  const query = queryString(call.query);
  return query ? `${path}?${query}` : path;
}
