import { DONATE_ITEM_ID, GIVE_ITEM_ID } from '../../utils/routeParams';

// The mode's item id, the phone and the state list's links are @fu/shared's: the server works out
// the state list's first call by them and writes its links in the first paint.
export { resolveItemId, resolvePhone, selectSchoolPath, type SelectionMode } from '@fu/shared';

export const selectTeamPath = (schoolId: number, itemId: number, phone: string) =>
  `/SelectTeam/${schoolId}/${itemId}/${phone}`;

export const orderPath = (fundraiserId: number, itemId: number, phone: string) =>
  `/Order/${fundraiserId}/${itemId}/${phone}`;

/** The state list this selection started from, in its mode (donate, give, or a purchase's item and phone). */
export function startPath(itemId: number, phone: string): string {
  if (itemId === DONATE_ITEM_ID) return '/Donate';
  if (itemId === GIVE_ITEM_ID) return '/Give';
  if (itemId === 0 && phone === '0') return '/';
  return `/Purchase/${itemId}/${phone}`;
}
