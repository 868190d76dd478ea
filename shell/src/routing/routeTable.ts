import type { RemoteName } from '@fu/shared';

/**
 * The shell's static route table: the first path segment of every spec route (§2), lower-cased,
 * mapped to the remote that owns it. Matching is case-insensitive because the spec links both
 * /Checkout and /checkout. Each remote's own <Routes> matches the rest.
 */
export const routeTable: Record<string, RemoteName> = {
  '': 'ordering',
  selectlocation: 'ordering',
  give: 'ordering',
  donate: 'ordering',
  purchase: 'ordering',
  selectschool: 'ordering',
  selectteam: 'ordering',
  order: 'ordering',
  checkout: 'checkout',
  checkoutcashcheck: 'checkout',
  receipt: 'checkout',
  receipts: 'checkout',
  fundraiser: 'fundraiser',
  fundraiserorders: 'fundraiser',
  fundraisers: 'fundraiser',
  myoffers: 'tickets',
  ticketpreview: 'tickets',
  activateticket: 'tickets',
  reactivateticket: 'tickets',
  myticket: 'tickets',
  myteam: 'tickets',
  managediscounts: 'tickets',
  team: 'tickets',
};

export function firstSegment(pathname: string): string {
  return (pathname.split('/').find((segment) => segment !== '') ?? '').toLowerCase();
}

export function remoteForPath(pathname: string): RemoteName | undefined {
  return routeTable[firstSegment(pathname)];
}

/** Spec §2 Layout: every page shows the header except the order pages and Help. */
export function showsHeader(pathname: string): boolean {
  const segment = firstSegment(pathname);
  return segment !== 'order' && segment !== 'help';
}
