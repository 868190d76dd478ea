export { PageRoutes, type Page, type PageParams, type PageTable } from './pageTable';
export { matchPage, type MatchedPage } from './matchPage';
