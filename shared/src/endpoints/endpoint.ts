import type { TSchema } from 'typebox';

/**
 * One API call as both sides see it: its method and whole path (path parameters as `:name`), and
 * the TypeBox schemas of what goes in and what comes back. The server registers its route from it
 * (server/src/platform/routes/endpointRoute.ts); the browser's typed client (shared/src/api/call.ts) takes
 * its request and answer types from it. Documentation (tags, description) and limits stay with the
 * route: they are the server's business, not the call's shape.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: `/api/${string}`;
  readonly querystring?: TSchema;
  readonly params?: TSchema;
  readonly body?: TSchema;
  /** Header names in lower case: Fastify matches them so. */
  readonly headers?: TSchema;
  /** Request content types other than JSON (an upload's multipart/form-data). */
  readonly consumes?: readonly string[];
  /** Answer content types other than JSON (a PDF). */
  readonly produces?: readonly string[];
  /** The answer per status code; absent for an answer that is not JSON (produces says what it is). */
  readonly response?: { readonly [status: number]: TSchema };
}

/** An area's calls, each keeping its own precise schema types (`as const satisfies EndpointGroup`). */
export type EndpointGroup = Readonly<Record<string, Endpoint>>;
