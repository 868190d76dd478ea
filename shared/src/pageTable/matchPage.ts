import type { PageCall } from '../pages/firstCalls';
import { matchRoutes } from '../router';
import type { Page, PageParams, PageTable } from './pageTable';

/** The page of a table a path opens, with its parameters and its first calls. */
export interface MatchedPage {
  page: Page;
  params: PageParams;
  calls: PageCall[];
}

/**
 * The page of `pages` that `pathname` opens, as the table's <Routes> (PageRoutes) choose it: React
 * Router's own matching, so the server and the page never disagree. Undefined for any other path.
 */
export function matchPage(pages: PageTable, pathname: string): MatchedPage | undefined {
  const routes = pages.map((page) => (page.path === '/' ? { index: true, page } : { path: page.path.slice(1), page }));
  const [match] = matchRoutes(routes, pathname) ?? [];
  if (!match) return undefined;
  const { page } = match.route;
  return { page, params: match.params, calls: page.firstCalls?.(match.params) ?? [] };
}
