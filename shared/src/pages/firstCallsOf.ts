import { firstCalls, type PageCall } from './firstCalls';
import { parseRecordId, parseRouteItemId, resolveItemId, type SelectionMode } from './routeParams';

type Params = Readonly<Record<string, string>>;

/** The page routes the server reads a path by (below), as the remotes' <Routes> declare them. */
export type PagePath =
  | '/'
  | '/SelectLocation'
  | '/Purchase'
  | '/Purchase/:pItemId'
  | '/Purchase/:pItemId/:pPhone'
  | '/Give'
  | '/Donate'
  | '/SelectSchool/:location/:itemId/:phone'
  | '/SelectTeam/:schoolId/:itemId/:phone'
  | '/Order/Edit/:orderId'
  | '/Order/Contact/:guid'
  | '/Order/Social/:guid'
  | '/Order/:fundraiserId/:itemId/:phone'
  | '/Order/:fdid/:cashcheck'
  | '/Order/:fdid'
  | '/Fundraiser/:guid'
  | '/Checkout/:orderId'
  | '/MyOffers/:sessionGuid';

/** The state list's routes, each in its mode (remote-ordering's App.tsx). */
const STATE_LISTS: Readonly<Partial<Record<PagePath, SelectionMode>>> = {
  '/': 'purchase',
  '/SelectLocation': 'purchase',
  '/Purchase': 'purchase',
  '/Purchase/:pItemId': 'purchase',
  '/Purchase/:pItemId/:pPhone': 'purchase',
  '/Give': 'give',
  '/Donate': 'donate',
};

/** The mode of a state list's route, or undefined for any other page. */
export function stateListModeOf(path: PagePath): SelectionMode | undefined {
  return STATE_LISTS[path];
}

/**
 * The page routes that make an API call as they render, as the remotes' <Routes> declare them
 * (each remote's App.tsx; their firstCalls tests check the two agree), each with the
 * calls its page makes first. Listed most specific first, as React Router ranks them: a static
 * segment before a parameter.
 */
const PAGES: readonly { path: PagePath; calls: (params: Params) => PageCall[] }[] = [
  ...Object.entries(STATE_LISTS).map(([path, mode]) => stateList(path as PagePath, mode)),
  {
    path: '/SelectSchool/:location/:itemId/:phone',
    calls: (p) => [firstCalls.schools(p.location!, parseRouteItemId(p.itemId))],
  },
  {
    path: '/SelectTeam/:schoolId/:itemId/:phone',
    calls: (p) => {
      const schoolId = parseRouteItemId(p.schoolId);
      return [firstCalls.school(schoolId), firstCalls.groups(schoolId, parseRouteItemId(p.itemId))];
    },
  },
  { path: '/Order/Edit/:orderId', calls: (p) => [firstCalls.fundraiserOrder(parseRouteItemId(p.orderId))] },
  { path: '/Order/Contact/:guid', calls: (p) => [firstCalls.detailsForStudentContact(p.guid!)] },
  { path: '/Order/Social/:guid', calls: (p) => [firstCalls.detailsForSocialMedia(p.guid!)] },
  {
    path: '/Order/:fundraiserId/:itemId/:phone',
    calls: (p) => [firstCalls.fundraiserDetails(parseRouteItemId(p.fundraiserId))],
  },
  { path: '/Order/:fdid/:cashcheck', calls: (p) => [firstCalls.detailsForDevice(p.fdid!)] },
  { path: '/Order/:fdid', calls: (p) => [firstCalls.detailsForDevice(p.fdid!)] },
  { path: '/Fundraiser/:guid', calls: (p) => [firstCalls.myFundraiser(p.guid!), firstCalls.qrCode(p.guid!)] },
  {
    // An id no order can have makes no call: the page says not found at once.
    path: '/Checkout/:orderId',
    calls: (p) => {
      const orderId = parseRecordId(p.orderId);
      return orderId === undefined ? [] : [firstCalls.order(orderId)];
    },
  },
  { path: '/MyOffers/:sessionGuid', calls: (p) => [firstCalls.ticketSessionStatus(p.sessionGuid!)] },
];

function stateList(path: PagePath, mode: SelectionMode) {
  return { path, calls: (p: Params) => [firstCalls.states(resolveItemId(mode, p.pItemId))] };
}

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
export function matchRoute(path: string, segments: readonly string[]): Params | undefined {
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

/** The page route `pathname` is, with its parameters (decoded), or undefined for any other path. */
export function pageRouteOf(pathname: string): { path: PagePath; params: Params; calls: PageCall[] } | undefined {
  const segments = pathSegments(pathname);
  for (const page of PAGES) {
    const params = matchRoute(page.path, segments);
    if (params) return { path: page.path, params, calls: page.calls(params) };
  }
  return undefined;
}

/** The API calls the page at `pathname` makes as it renders, in order; none for a page that makes none. */
export function firstCallsOf(pathname: string): PageCall[] {
  return pageRouteOf(pathname)?.calls ?? [];
}
