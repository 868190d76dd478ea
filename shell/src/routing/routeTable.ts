import { firstSegment, remoteForPath } from '@fu/shared/remotes';

// The route table (which remote draws a path) is shared/src/remotes.ts's: the server hints a page's
// remote from the same table.
export { firstSegment, remoteForPath };

/** Spec §2 Layout: every page shows the header except the order pages and Help. */
export function showsHeader(pathname: string): boolean {
  const segment = firstSegment(pathname);
  return segment !== 'order' && segment !== 'help';
}
