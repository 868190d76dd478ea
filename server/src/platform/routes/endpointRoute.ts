import type { FastifyContextConfig } from 'fastify';
import type { Endpoint } from '@fu/shared/endpoints';

/** What a route adds to its entry: how the API documents it (/api/docs) and its limits. */
export interface RouteExtras {
  tags: readonly string[];
  description?: string;
  summary?: string;
  config?: FastifyContextConfig;
}

/** The parts of an entry that are validation and serialization schema, each with its precise type. */
type SchemaParts<E extends Endpoint> = Pick<
  E,
  Extract<keyof E, 'querystring' | 'params' | 'body' | 'headers' | 'response' | 'consumes' | 'produces'>
>;

/** The entry's schema parts, only those it has (an absent part stays absent, not undefined). */
function schemaOf<E extends Endpoint>(endpoint: E): SchemaParts<E> {
  const { querystring, params, body, headers, response, consumes, produces } = endpoint as Endpoint;
  // A copy of the answers per route: Fastify marks and normalises the schema objects it is given.
  const parts = { querystring, params, body, headers, response: response && { ...response }, consumes, produces };
  return Object.fromEntries(Object.entries(parts).filter(([, part]) => part !== undefined)) as SchemaParts<E>;
}

/**
 * Fastify route options for one entry of the endpoint map (shared/src/endpoints): its method, its
 * whole path as the URL, and its schemas beside the route's own tags, description and config. The
 * TypeBox type provider types the handler from them:
 *
 *   app.route({ ...endpointRoute(endpoints.orders.createOrder, { tags, description }), handler })
 *
 * The URL is the whole path, so a plugin that registers from the map takes no prefix.
 */
export function endpointRoute<const E extends Endpoint>(endpoint: E, extras: RouteExtras) {
  const { config, ...docs } = extras;
  return {
    method: endpoint.method as E['method'],
    url: endpoint.path as E['path'],
    schema: { ...schemaOf(endpoint), ...docs },
    ...(config && { config }),
  };
}
