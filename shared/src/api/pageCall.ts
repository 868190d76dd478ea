import type { Route } from '../endpoints';
import type { CallRequest, EndpointAt } from './callTypes';

export type GetRoute = Extract<Route, `GET ${string}`>;

/** A GET the page makes as soon as it renders: its route in the endpoint map and its query. */
export interface PageCall<R extends GetRoute = GetRoute> {
  readonly route: R;
  readonly query: NonNullable<CallRequest<EndpointAt<R>>['query']>;
}
