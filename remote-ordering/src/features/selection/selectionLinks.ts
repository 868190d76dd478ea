/** Spec §2: donate mode is item id -1, give mode -2, otherwise the route's item id or 0. */
export const DONATE_ITEM_ID = -1;
export const GIVE_ITEM_ID = -2;

export type SelectionMode = 'purchase' | 'donate' | 'give';

function integerOr(value: string | undefined, fallback: number): number {
  if (value === undefined || !/^-?\d+$/.test(value)) return fallback;
  return Number(value);
}

export function resolveItemId(mode: SelectionMode, pItemId?: string): number {
  if (mode === 'donate') return DONATE_ITEM_ID;
  if (mode === 'give') return GIVE_ITEM_ID;
  return integerOr(pItemId, 0);
}

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

export function parseRouteItemId(value: string | undefined): number {
  return integerOr(value, 0);
}
