import type { Endpoint, Route } from '../endpoints';
import type { CallRequest, CallResponse, EndpointAt, JsonRoute } from './callTypes';
import { api } from './client';
import type { PageCall } from './pageCall';

export interface CallOptions {
  /**
   * The site that answers, when it is not the API's own base URL: prefixed to the path as given
   * (an absolute URL replaces the API's base; '' keeps it). The donor's receipt link asks appSiteUrl.
   */
  origin?: string;
}

type Args<E extends Endpoint> =
  object extends CallRequest<E>
    ? [request?: CallRequest<E>, options?: CallOptions]
    : [request: CallRequest<E>, options?: CallOptions];

/** The path with its `:name` parameters filled in. */
function pathWith(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    if (params?.[name] === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
}

function split(route: Route): { method: Endpoint['method']; path: string } {
  const space = route.indexOf(' ');
  return { method: route.slice(0, space) as Endpoint['method'], path: route.slice(space + 1) };
}

/**
 * One API call through the shared axios instance, named by its route in the endpoint map
 * ('GET /api/Orders/GetOrder'): the request's query, params, body and headers are the entry's
 * types, and it resolves to the entry's 200 answer. A non-2xx answer rejects as axios does.
 */
export async function call<R extends JsonRoute>(
  route: R,
  ...[request, options]: Args<EndpointAt<R>>
): Promise<CallResponse<EndpointAt<R>>> {
  const { method, path } = split(route);
  const given = request as { query?: object; params?: Record<string, unknown>; body?: unknown; headers?: object };
  const origin = options?.origin?.replace(/\/$/, '') ?? '';
  const response = await api.request({
    method,
    url: origin + pathWith(path, given?.params),
    params: given?.query,
    data: given?.body,
    headers: given?.headers as Record<string, string> | undefined,
  });
  return response.data;
}

/**
 * A page's first call (shared/src/pages/firstCalls.ts), made as `call` makes it: the request the
 * server already preloads in the page's HTML, so the browser answers it with that response.
 */
export function callFirst<R extends Extract<JsonRoute, `GET ${string}`>>(
  first: PageCall<R>,
): Promise<CallResponse<EndpointAt<R>>> {
  const request = { query: first.query } as unknown as CallRequest<EndpointAt<R>>;
  return (call as (route: R, request: CallRequest<EndpointAt<R>>) => Promise<CallResponse<EndpointAt<R>>>)(
    first.route,
    request,
  );
}

/** A GET route's full address with its query, for a plain link (a PDF download, a manifest). */
export function urlOf<R extends Extract<Route, `GET ${string}`>>(
  route: R,
  request: Pick<CallRequest<EndpointAt<R>>, 'query' | 'params'>,
): string {
  const { path } = split(route);
  const given = request as { query?: object; params?: Record<string, unknown> };
  return api.getUri({ url: pathWith(path, given.params), params: given.query });
}
