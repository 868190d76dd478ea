// The types of a call, read off its entry in the endpoint map: what it takes and what it answers.
import type { Static, TSchema } from 'typebox';
import type { Endpoint, EndpointsByRoute, Route } from '../endpoints';

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
