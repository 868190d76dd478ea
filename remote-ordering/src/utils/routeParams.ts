// Route parameters both the selection pages and the order page read (spec §2). Their one home is
// @fu/shared (shared/src/pages/routeParams.ts): the server reads a page's path the same way.
export { DONATE_ITEM_ID, GIVE_ITEM_ID, integerOr, parseRouteItemId } from '@fu/shared';
