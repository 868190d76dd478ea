// Route parameters of the spec's page links (§2), read the same way by the pages and by the server
// (which works out a page's first API call from its path).

/** Spec §2: donate mode is item id -1, give mode -2, otherwise the route's item id or 0. */
export const DONATE_ITEM_ID = -1;
export const GIVE_ITEM_ID = -2;

/** A route segment as a whole number, or `fallback` when it is absent or not one. */
export function integerOr(value: string | undefined, fallback: number): number {
  if (value === undefined || !/^-?\d+$/.test(value)) return fallback;
  return Number(value);
}

/** A numeric route id (fundraiser, school, item, order), 0 when absent or not a number. */
export function parseRouteItemId(value: string | undefined): number {
  return integerOr(value, 0);
}

/** The largest id a stored row has (PostgreSQL's integer). */
export const MAX_RECORD_ID = 2_147_483_647;

/** A route segment naming a stored row (a fundraiser): a whole number from 1 to MAX_RECORD_ID, else undefined. */
export function parseRecordId(value: string | undefined): number | undefined {
  const id = integerOr(value, 0);
  return id >= 1 && id <= MAX_RECORD_ID ? id : undefined;
}

/** What a state list is for: /Donate, /Give, or a purchase (/, /SelectLocation, /Purchase/…). */
export type SelectionMode = 'purchase' | 'donate' | 'give';

export function resolveItemId(mode: SelectionMode, pItemId?: string): number {
  if (mode === 'donate') return DONATE_ITEM_ID;
  if (mode === 'give') return GIVE_ITEM_ID;
  return integerOr(pItemId, 0);
}
