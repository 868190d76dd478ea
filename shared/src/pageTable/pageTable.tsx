import type { ReactElement } from 'react';
import type { PageCall } from '../pages/firstCalls';
import { Route, Routes } from '../router';
import { NotFound } from '../ui/NotFound';

/** A route's parameters as React Router gives them (a parameter the path does not have is undefined). */
export type PageParams = Readonly<Record<string, string | undefined>>;

/**
 * One page of a remote: the one place it is declared. The remote's routes are made from its table
 * (PageRoutes), and its release's server build hands the same table to the server, which reads the
 * page's first calls and renders its first screen from it (docs/architecture.md, "Pages").
 */
export interface Page {
  /** The address the site links, parameters as ':name' ('/Order/:fdid'); matched in any case. */
  readonly path: string;
  /** What the page shows there; its first render with the first calls' answers is its first screen. */
  readonly element: ReactElement;
  /** The GET calls the page makes as it renders, from its route parameters; none when absent. */
  readonly firstCalls?: (params: PageParams) => PageCall[];
  /**
   * False when the first calls answer from a cookie the page's own request does not carry (a ticket's
   * device, the browser key on the order's edit link): the server then renders the page without
   * reading them, and the page asks itself.
   */
  readonly serverReads?: boolean;
  /** False for a page whose first render needs what only the browser has (session storage): served with the plain first paint. */
  readonly serverRenders?: boolean;
  /**
   * True for a page that shows what belongs to the holder of its secret (a student page's guid, an
   * order's browser key): the server never lets it be stored.
   */
  readonly holdersOnly?: boolean;
}

export type PageTable = readonly Page[];

/** The remote's `<Routes>`, made from its table (relative to wherever the shell mounts it), and the friendly 404 for the rest. */
export function PageRoutes({ pages }: { pages: PageTable }) {
  return (
    <Routes>
      {pages.map((page) =>
        page.path === '/' ? (
          <Route key="/" index element={page.element} />
        ) : (
          <Route key={page.path} path={page.path.slice(1)} element={page.element} />
        ),
      )}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
