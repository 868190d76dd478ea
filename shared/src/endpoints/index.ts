// The API's calls, one entry each (method, whole path, schemas). Server-importable: TypeBox and
// the contracts only. Browser code takes only types from here (the client in shared/src/api/call.ts
// names a call by its route, 'POST /api/Orders/CreateOrder'), so no schema reaches a bundle.
import { admin } from './admin';
import { donor } from './donor';
import type { Endpoint } from './endpoint';
import { fundraisers } from './fundraisers';
import { health } from './health';
import { logger } from './logger';
import { orders } from './orders';
import { privacy } from './privacy';
import { sms } from './sms';
import { storage } from './storage';
import { studentPages } from './studentPages';
import { students } from './students';
import { tickets } from './tickets';

export type { Endpoint, EndpointGroup } from './endpoint';

export const endpoints = {
  health,
  fundraisers,
  orders,
  studentPages,
  students,
  tickets,
  donor,
  logger,
  admin,
  storage,
  sms,
  privacy,
} as const;

export type Endpoints = typeof endpoints;

/** Every entry of the map as one union type. */
export type AnyEndpoint = { [Area in keyof Endpoints]: Endpoints[Area][keyof Endpoints[Area]] }[keyof Endpoints];

/** A call's name on the wire: its method and path, e.g. 'POST /api/Orders/CreateOrder'. */
export type RouteOf<E extends Endpoint> = `${E['method']} ${E['path']}`;

/** The map keyed by route, so a route string finds its entry's types. */
export type EndpointsByRoute = { [E in AnyEndpoint as RouteOf<E>]: E };
export type Route = keyof EndpointsByRoute;

/** Every entry, with the area and name it has in the map (for tests and tooling). */
export function listEndpoints(): { area: string; name: string; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([area, group]) =>
    Object.entries(group as Readonly<Record<string, Endpoint>>).map(([name, endpoint]) => ({ area, name, endpoint })),
  );
}
