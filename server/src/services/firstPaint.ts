import type { FundraiserOrder, OrderView, TicketSession } from '@fu/shared/contracts';
import {
  embeddableVideoUrl,
  firstScreenRouteOf,
  pageRouteOf,
  parseRecordId,
  remindersState,
  resolveItemId,
  resolvePhone,
  selectSchoolPath,
  stateListModeOf,
} from '@fu/shared/pages';
import { isGuid, safeTypedText } from '@fu/shared/rules';
import type { FirstContent } from '../html/firstPaint';
import type { StudentPageHead } from '../repositories/devices';

/** The reads the first paint makes: the same the pages' first API calls answer from. */
export interface FirstPaintReads {
  listActiveStates(itemId: number): Promise<string[]>;
  getFundraiserDetails(fundraiserId: number): Promise<FundraiserOrder | undefined>;
  getDetailsForDevice(by: 'contactGuid' | 'socialGuid', guid: string): Promise<FundraiserOrder | undefined>;
  /** The student's page's first screen, where GetMyFundraiser and GetQRCode answer its guid. */
  studentPageHead(guid: string): Promise<StudentPageHead | undefined>;
  /** The wallet's ticket as GetSession answers a browser without the device cookie (a page request sends none). */
  walletSession(guid: string): Promise<TicketSession | undefined>;
  /** The order as GetOrder answers its owner: undefined for another browser's key and for no such order. */
  ownersOrder(orderId: number, ownerKeyHash: string): Promise<OrderView | undefined>;
}

/**
 * Only what the team header shows (never the student a share link is for) and, while the
 * fundraiser takes orders, that the form comes next.
 */
const teamOf = (order: FundraiserOrder | undefined): FirstContent | undefined =>
  order && {
    kind: 'team',
    orderForm: order.isActive,
    video: embeddableVideoUrl(order.videoUrl) !== undefined,
    team: {
      teamName: order.teamName,
      schoolName: order.schoolName,
      teamPhotoUrl: order.teamPhotoUrl,
      teamBackgroundPhotoUrl: order.teamBackgroundPhotoUrl,
      useTeamBackgroundPhoto: order.useTeamBackgroundPhoto,
      teamPrimaryColorHex: order.teamPrimaryColorHex,
      teamSecondaryColorHex: order.teamSecondaryColorHex,
    },
  };

/** What the student's page shows first, to whoever holds its guid (the page's secret), as the app shows it. */
const studentPageOf = (head: StudentPageHead | undefined): FirstContent | undefined =>
  head && {
    kind: 'studentPage',
    fundraiserName: head.fundraiserName,
    // Served in the page's HTML on the site's own domain: typed text goes through the one rule.
    studentName: safeTypedText(`${head.studentFirstName} ${head.studentLastName}`),
    teamName: head.teamName,
    schoolName: head.schoolName,
    ended: !head.isActive,
    reminders: remindersState(head.isOptedIn, head.phoneConfirmed),
  };

/**
 * The wallet's heading, and the sample ticket's line and note: the sample opens anywhere. A bought
 * ticket shows only on the device it is bound to, and a page request carries no device cookie (it is
 * scoped to /api/Tickets): its wallet gets the heading alone, whatever the guid names.
 */
async function offersOf(reads: FirstPaintReads, guid: string): Promise<FirstContent> {
  const session = isGuid(guid) ? await reads.walletSession(guid) : undefined;
  if (!session?.isTicket) return { kind: 'offers' };
  const { name, schoolName, teamName } = session.ticket;
  return { kind: 'offers', sample: { name, schoolName, teamName } };
}

/**
 * The checkout's order for the browser key the page request carries (the same token as the API's
 * cookie, docs/security.md). Another browser's order, no such order and an id no order can have
 * are one answer, the app's "not found", so the page tells nothing GetOrder does not. Without a key
 * the page cannot know: the browser may hold the API's cookie alone (set before the page's
 * existed), or the link may be /checkout in lower case, which the cookie's path does not match.
 */
async function checkoutOf(
  reads: FirstPaintReads,
  id: string,
  browserKeyHash: string | undefined,
): Promise<FirstContent> {
  const orderId = parseRecordId(id);
  if (orderId === undefined) return { kind: 'checkout', order: 'notFound' };
  if (!browserKeyHash) return { kind: 'checkout', order: 'unknown' };
  return { kind: 'checkout', order: (await reads.ownersOrder(orderId, browserKeyHash)) ?? 'notFound' };
}

/**
 * The first content of the pages that have one: the state lists' states as links (as
 * ListActiveStates answers the page), an order link's team (as its order call answers), the
 * student's page, the wallet's heading and the checkout's order for its owner. Any other page, and
 * an unknown or malformed id, has none (undefined): the page shows its chrome only.
 */
export function firstPaintContent(reads: FirstPaintReads) {
  return {
    /** `browserKeyHash`: the browser key the page request carried (only a checkout's path gets one). */
    async contentOf(pathname: string, browserKeyHash?: string): Promise<FirstContent | undefined> {
      const screen = firstScreenRouteOf(pathname);
      if (screen?.page === 'checkout') return checkoutOf(reads, screen.params.orderId, browserKeyHash);
      if (screen?.page === 'offers') return offersOf(reads, screen.params.sessionGuid);
      const route = pageRouteOf(pathname);
      if (!route) return undefined;
      const mode = stateListModeOf(route.path);
      if (mode) {
        const itemId = resolveItemId(mode, route.params.pItemId);
        const phone = resolvePhone(route.params.pPhone);
        const states = await reads.listActiveStates(itemId);
        return {
          kind: 'states',
          links: states.map((state) => ({ text: state, href: selectSchoolPath(state, itemId, phone) })),
        };
      }
      switch (route.path) {
        case '/Order/:fundraiserId/:itemId/:phone': {
          const fundraiserId = parseRecordId(route.params.fundraiserId);
          if (fundraiserId === undefined) return undefined;
          return teamOf(await reads.getFundraiserDetails(fundraiserId));
        }
        case '/Order/Contact/:guid':
        case '/Order/Social/:guid': {
          const guid = route.params.guid!;
          if (!isGuid(guid)) return undefined;
          return teamOf(
            await reads.getDetailsForDevice(route.path === '/Order/Contact/:guid' ? 'contactGuid' : 'socialGuid', guid),
          );
        }
        case '/Fundraiser/:guid': {
          const guid = route.params.guid!;
          return isGuid(guid) ? studentPageOf(await reads.studentPageHead(guid)) : undefined;
        }
        default:
          return undefined;
      }
    },
  };
}

/**
 * Whether the page at `pathname` can paint data that belongs to the holder of a secret: a student's
 * page (its guid) or a checkout (the browser key). Decided from the path alone, so the page is never
 * stored even when its read fails and it goes out with its chrome only.
 */
export function paintsHoldersData(pathname: string): boolean {
  return firstScreenRouteOf(pathname)?.page === 'checkout' || pageRouteOf(pathname)?.path === '/Fundraiser/:guid';
}

export type FirstPaintContent = ReturnType<typeof firstPaintContent>;
