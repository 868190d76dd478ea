// Route parameters both the selection pages and the order page read (spec §2).

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
