import { remotes, type RemoteName } from '@fu/shared/remotes';

/**
 * The shell's static route table: the first path segment of every spec route (§2) a remote serves
 * (shared/src/remotes.json), lower-cased, mapped to that remote. Matching is case-insensitive
 * because the spec links both /Checkout and /checkout. Each remote's own <Routes> matches the rest.
 */
export const routeTable: Readonly<Record<string, RemoteName>> = Object.fromEntries(
  remotes.flatMap((remote) => remote.routes.map((route) => [firstSegment(route), remote.name] as const)),
);

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
