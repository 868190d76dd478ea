import type { FundraiserOrder } from '@fu/shared/contracts';
import {
  pageRouteOf,
  parseRecordId,
  resolveItemId,
  resolvePhone,
  selectSchoolPath,
  stateListModeOf,
} from '@fu/shared/pages';
import { isGuid } from '@fu/shared/rules';
import type { FirstContent } from '../html/firstPaint';

/** The reads the first paint makes: the same the pages' first API calls answer from. */
export interface FirstPaintReads {
  listActiveStates(itemId: number): Promise<string[]>;
  getFundraiserDetails(fundraiserId: number): Promise<FundraiserOrder | undefined>;
  getDetailsForDevice(by: 'contactGuid' | 'socialGuid', guid: string): Promise<FundraiserOrder | undefined>;
}

/** Only what the team header shows: never the student a share link is for. */
const teamOf = (order: FundraiserOrder | undefined): FirstContent | undefined =>
  order && {
    kind: 'team',
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

/**
 * The first content of the pages that have one: the state lists' states as links (as
 * ListActiveStates answers the page), and an order link's team (as its order call answers). Any
 * other page, and an unknown or malformed id, has none (undefined): the page shows its chrome only.
 */
export function firstPaintContent(reads: FirstPaintReads) {
  return {
    async contentOf(pathname: string): Promise<FirstContent | undefined> {
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
        default:
          return undefined;
      }
    },
  };
}

export type FirstPaintContent = ReturnType<typeof firstPaintContent>;
