import { DONATE_ITEM_ID, GIVE_ITEM_ID } from '../../utils/routeParams';

// The mode's item id is @fu/shared's (the server works out the state list's first call by it).
export { resolveItemId, type SelectionMode } from '@fu/shared';

/** Phone defaults to 0; only digits are carried along. */
export function resolvePhone(pPhone?: string): string {
  return pPhone && /^\d+$/.test(pPhone) ? pPhone : '0';
}

export const selectSchoolPath = (state: string, itemId: number, phone: string) =>
  `/SelectSchool/${encodeURIComponent(state)}/${itemId}/${phone}`;

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
