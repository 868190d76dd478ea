import { lazy, Suspense } from 'react';
import {
  firstCalls,
  parseRouteItemId,
  resolveItemId,
  Spinner,
  type Page,
  type PageParams,
  type SelectionMode,
} from '@fu/shared';
import { SelectSchoolPage, SelectStatePage, SelectTeamPage } from './features/selection';
import type { OrderRoute } from './features/order';

// The order page (bundles, items, the order store) is most of this remote; the state list at '/'
// must not download it. An order link fetches it right after the remote's App (one more request),
// unless the server's HTML preloaded it: the chunk is the one webpack makes for the exposed
// './OrderPage' (shared/src/remotes.json lazyPages), named so, which the remote's manifest lists.
const LazyOrderPage = lazy(() =>
  import(/* webpackChunkName: "__federation_expose_OrderPage" */ './features/order').then((feature) => ({
    default: feature.OrderPage,
  })),
);

const orderPage = (route: OrderRoute) => (
  <Suspense fallback={<Spinner />}>
    <LazyOrderPage route={route} />
  </Suspense>
);

/** A state list in its mode: its first call is the active states for the mode's item. */
const stateList = (path: string, mode: SelectionMode): Page => ({
  path,
  element: <SelectStatePage mode={mode} />,
  firstCalls: (p: PageParams) => [firstCalls.states(resolveItemId(mode, p.pItemId))],
});

/** The ordering pages (spec §2 Selection, Order): the one place each is declared. */
export const pages: readonly Page[] = [
  stateList('/', 'purchase'),
  stateList('/SelectLocation', 'purchase'),
  stateList('/Give', 'give'),
  stateList('/Donate', 'donate'),
  stateList('/Purchase', 'purchase'),
  stateList('/Purchase/:pItemId', 'purchase'),
  stateList('/Purchase/:pItemId/:pPhone', 'purchase'),
  {
    path: '/SelectSchool/:location/:itemId/:phone',
    element: <SelectSchoolPage />,
    firstCalls: (p) => [firstCalls.schools(p.location!, parseRouteItemId(p.itemId))],
  },
  {
    path: '/SelectTeam/:schoolId/:itemId/:phone',
    element: <SelectTeamPage />,
    firstCalls: (p) => {
      const schoolId = parseRouteItemId(p.schoolId);
      return [firstCalls.school(schoolId), firstCalls.groups(schoolId, parseRouteItemId(p.itemId))];
    },
  },
  {
    path: '/Order/Edit/:orderId',
    element: orderPage('edit'),
    firstCalls: (p) => [firstCalls.fundraiserOrder(parseRouteItemId(p.orderId))],
    // The saved order answers its owner's browser key, which a page request to /Order does not carry.
    serverReads: false,
  },
  // A student's links: their answer names the student, and the served HTML (what a link preview's
  // crawler reads, and a search engine where a link is posted) never does: the page asks itself.
  {
    path: '/Order/Contact/:contactGuid',
    element: orderPage('contact'),
    firstCalls: (p) => [firstCalls.detailsForStudentContact(p.contactGuid!)],
    serverReads: false,
  },
  {
    path: '/Order/Social/:socialGuid',
    element: orderPage('social'),
    firstCalls: (p) => [firstCalls.detailsForSocialMedia(p.socialGuid!)],
    serverReads: false,
  },
  {
    path: '/Order/:fundraiserId/:itemId/:phone',
    element: orderPage('fundraiser'),
    firstCalls: (p) => [firstCalls.fundraiserDetails(parseRouteItemId(p.fundraiserId))],
  },
  {
    path: '/Order/:fdid/:cashcheck',
    element: orderPage('device'),
    firstCalls: (p) => [firstCalls.detailsForDevice(p.fdid!)],
    serverReads: false,
  },
  {
    path: '/Order/:fdid',
    element: orderPage('device'),
    firstCalls: (p) => [firstCalls.detailsForDevice(p.fdid!)],
    serverReads: false,
  },
];
