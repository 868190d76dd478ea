import { isGuid } from '../rules/guid';
import { integerOr, parseRecordId } from './routeParams';

/**
 * The path's segments as React Router reads them: each percent-decoded (an encoded '/' stays
 * '%2F'), or the whole path left as it is when one cannot be decoded; empty segments dropped.
 */
export function pathSegments(pathname: string): string[] {
  let decoded = pathname;
  try {
    decoded = pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    // Malformed escapes: React Router warns and matches the raw path.
  }
  return decoded.split('/').filter((segment) => segment !== '');
}

/** The route's parameters when `segments` match its path (static segments in any case), else undefined. */
function matchRoute(path: string, segments: readonly string[]): Readonly<Record<string, string>> | undefined {
  const parts = path.split('/').filter((part) => part !== '');
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]!;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part.toLowerCase() !== segment.toLowerCase()) return undefined;
  }
  return params;
}

/**
 * What a link's parameter must look like: a guid (a student page, a ticket, a session), a stored
 * row's id (1 and up), any whole number (an item id: 0, -1 in donate mode, -2 in give mode), a
 * phone's digits (0 when none), or anything (a state's name, the cash/check marker).
 */
type Shape = 'guid' | 'id' | 'integer' | 'digits' | 'any';

const fits: Record<Shape, (value: string) => boolean> = {
  guid: isGuid,
  id: (value) => parseRecordId(value) !== undefined,
  integer: (value) => integerOr(value, Number.NaN) === integerOr(value, 0),
  digits: (value) => /^\d{1,15}$/.test(value),
  any: () => true,
};

/**
 * The spec's page links (§2) with the shape of each parameter, as the remotes' <Routes> declare
 * them (static segments match in any case). A link that matches one of these paths with a
 * parameter of the wrong shape can name nothing: the shell shows its "Page not found" at once,
 * instead of the page asking the API and showing what its validation says.
 */
const LINKS: readonly { path: string; params: Readonly<Record<string, Shape>> }[] = [
  { path: '/Purchase/:pItemId', params: { pItemId: 'integer' } },
  { path: '/Purchase/:pItemId/:pPhone', params: { pItemId: 'integer', pPhone: 'digits' } },
  { path: '/SelectSchool/:location/:itemId/:phone', params: { location: 'any', itemId: 'integer', phone: 'digits' } },
  { path: '/SelectTeam/:schoolId/:itemId/:phone', params: { schoolId: 'id', itemId: 'integer', phone: 'digits' } },
  { path: '/Order/Edit/:orderId', params: { orderId: 'id' } },
  { path: '/Order/Contact/:guid', params: { guid: 'guid' } },
  { path: '/Order/Social/:guid', params: { guid: 'guid' } },
  { path: '/Order/:fundraiserId/:itemId/:phone', params: { fundraiserId: 'id', itemId: 'integer', phone: 'digits' } },
  { path: '/Order/:fdid/:cashcheck', params: { fdid: 'guid', cashcheck: 'any' } },
  { path: '/Order/:fdid', params: { fdid: 'guid' } },
  { path: '/Checkout/:orderId', params: { orderId: 'id' } },
  { path: '/CheckoutCashCheck/:orderId/:cashcheck', params: { orderId: 'id', cashcheck: 'any' } },
  { path: '/Receipt/:orderId', params: { orderId: 'id' } },
  { path: '/Fundraiser/:guid', params: { guid: 'guid' } },
  { path: '/FundraiserOrders/:fdid', params: { fdid: 'guid' } },
  { path: '/Fundraisers/:fdid', params: { fdid: 'guid' } },
  { path: '/MyOffers/:sessionGuid', params: { sessionGuid: 'guid' } },
  { path: '/MyOffers/:sessionGuid/Redeem/:ticketOfferId', params: { sessionGuid: 'guid', ticketOfferId: 'id' } },
  { path: '/TicketPreview/:fundraiserId', params: { fundraiserId: 'id' } },
  { path: '/ActivateTicket/:guid', params: { guid: 'guid' } },
  { path: '/ReactivateTicket/:guid', params: { guid: 'guid' } },
  { path: '/ActivateTicket/:guid/Confirmation', params: { guid: 'guid' } },
  { path: '/ActivateTicket/:guid/Confirmation/:phoneNumber', params: { guid: 'guid', phoneNumber: 'digits' } },
  { path: '/ActivateTicket/:guid/RegisterDevice', params: { guid: 'guid' } },
  { path: '/ActivateTicket/:guid/RegisterDevice/:phoneNumber', params: { guid: 'guid', phoneNumber: 'digits' } },
  { path: '/MyTicket/:guid', params: { guid: 'guid' } },
  { path: '/MyTeam/:guid', params: { guid: 'guid' } },
  { path: '/ManageDiscounts/:ticketPurchaseGuid', params: { ticketPurchaseGuid: 'guid' } },
  { path: '/Team/:ticketId', params: { ticketId: 'id' } },
];

/**
 * Whether `pathname` is one of the spec's page links with a parameter that cannot name anything
 * (`/Fundraiser/not-a-guid`, `/Checkout/abc`, `/Order/0/0/0`): such a link is answered with the
 * friendly "Page not found", never with a page showing the API's validation message. A path that
 * is no page link at all is not "malformed": the remotes' own routes answer it.
 */
export function isMalformedLink(pathname: string): boolean {
  const segments = pathSegments(pathname);
  for (const link of LINKS) {
    const params = matchRoute(link.path, segments);
    if (params) return Object.entries(link.params).some(([name, shape]) => !fits[shape](params[name] ?? ''));
  }
  return false;
}
