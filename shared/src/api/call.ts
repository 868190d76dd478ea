import type { Static, TSchema } from 'typebox';
import type { Endpoint, EndpointsByRoute, Route } from '../endpoints';
import type { PageCall } from '../pages/firstCalls';
import { api } from './client';

/** The entry of the endpoint map a route names. */
export type EndpointAt<R extends Route> = EndpointsByRoute[R];

type Part<E, Key extends string, Name extends string> = E extends { readonly [K in Key]: infer S extends TSchema }
  ? { readonly [K in Name]: Static<S> }
  : { readonly [K in Name]?: undefined };

/**
 * The body a call sends: its schema's type, FormData for a multipart upload, and for a call with
 * no body schema nothing or an empty object (RedeemTicketPurchaseOffer's page has always posted `{}`).
 */
type BodyPart<E> = E extends { readonly body: infer S extends TSchema }
  ? { readonly body: Static<S> }
  : E extends { readonly consumes: readonly ['multipart/form-data'] }
    ? { readonly body: FormData }
    : { readonly body?: Record<string, never> };

/** Headers the entry's schema names (lower case), and any other (an admin call's Authorization). */
type HeadersPart<E> = {
  readonly headers?: (E extends { readonly headers: infer S extends TSchema } ? Static<S> : unknown) &
    Readonly<Record<string, string>>;
};

/** What a call takes: `query`, `params` and `body` exactly where its entry has a schema for them. */
export type CallRequest<E extends Endpoint> = Part<E, 'querystring', 'query'> &
  Part<E, 'params', 'params'> &
  BodyPart<E> &
  HeadersPart<E>;

/** What a call resolves to: its entry's 200 answer. */
export type CallResponse<E extends Endpoint> = E extends {
  readonly response: { readonly 200: infer S extends TSchema };
}
  ? Static<S>
  : never;

/** Routes whose 200 answer is JSON with a schema: the ones `call` can make. */
export type JsonRoute = {
  [R in Route]: EndpointAt<R> extends { readonly response: { readonly 200: TSchema } } ? R : never;
}[Route];

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
