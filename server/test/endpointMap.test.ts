import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import Fastify, { type FastifyInstance, type HTTPMethods, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { endpoints, listEndpoints, type Endpoint } from '@fu/shared/endpoints';
import { endpointRoute } from '../src/platform/routes/endpointRoute';
import { createTestApp, type TestApp } from './helpers';

/**
 * The endpoint map (shared/src/endpoints) and the server agree: every entry is a registered route
 * with its method and path, every /api route is an entry, and each validates and answers with the
 * entry's very schemas. A route whose schema drifts from the map fails here, whichever side moved.
 */

/** The parts of a route's schema that are the call's shape (tags, descriptions and security are not). */
const SHAPE = ['querystring', 'params', 'body', 'headers', 'response', 'consumes', 'produces'] as const;

interface Registered {
  method: HTTPMethods;
  url: string;
  /** The prefix of the plugin that registered it ('' for a plugin that registers from the map). */
  prefix: string;
  schema: Record<string, unknown>;
}

/** Registered /api routes that are not calls of the map, and why. */
const NOT_CALLS: { why: string; matches: (route: Registered) => boolean }[] = [
  {
    why: 'the OpenAPI document and its browsable UI (@fastify/swagger-ui under /api/docs), hidden from the document',
    matches: (route) => route.url === '/api/docs' || route.url.startsWith('/api/docs/'),
  },
  {
    why: "CORS preflight answers for the external admin app's origin (admin/plugins/adminCors)",
    matches: (route) =>
      route.method === 'OPTIONS' && (route.url === '/api/Admin/*' || route.url === '/api/AWSS3Controller/*'),
  },
  {
    why: "the health check with a trailing slash, which it answered as its prefix's '/' route (hidden from the document)",
    matches: (route) => (route.method === 'GET' || route.method === 'HEAD') && route.url === '/api/health/',
  },
];

const key = (method: string, url: string) => `${method} ${url}`;

describe('the endpoint map and the server', () => {
  let t: TestApp;
  const seen: Registered[] = [];

  before(async () => {
    t = await createTestApp({
      demo: false,
      onRoute: (route: RouteOptions & { prefix?: string }) => {
        // Read the schema now: plugins may replace it after registering (adminAuth adds security).
        const schema = { ...(route.schema as Record<string, unknown> | undefined) };
        const { url, prefix = '' } = route;
        for (const method of [route.method].flat() as HTTPMethods[]) seen.push({ method, url, prefix, schema });
      },
    });
  });
  after(async () => t.close());

  const apiRoutes = () => seen.filter((route) => route.url === '/api' || route.url.startsWith('/api/'));
  const registered = () => new Map(apiRoutes().map((route) => [key(route.method, route.url), route]));
  const entries = listEndpoints();

  it('names each route once', () => {
    const routes = entries.map(({ endpoint }) => key(endpoint.method, endpoint.path));
    assert.deepEqual(
      routes.filter((route, index) => routes.indexOf(route) !== index),
      [],
    );
  });

  it('has every entry registered with its method and path', () => {
    const routes = registered();
    const missing = entries
      .filter(({ endpoint }) => !routes.has(key(endpoint.method, endpoint.path)))
      .map(({ area, name, endpoint }) => `${area}.${name}: ${key(endpoint.method, endpoint.path)}`);
    assert.deepEqual(missing, []);
  });

  it('has an entry for every /api route the server registers', () => {
    const mapped = new Set(entries.map(({ endpoint }) => key(endpoint.method, endpoint.path)));
    const unmapped = apiRoutes()
      .filter((route) => !NOT_CALLS.some((reason) => reason.matches(route)))
      // Fastify answers HEAD for every GET (exposeHeadRoutes).
      .filter((route) => route.method !== 'HEAD' || !mapped.has(key('GET', route.url)))
      .filter((route) => !mapped.has(key(route.method, route.url)))
      .map((route) => key(route.method, route.url));
    assert.deepEqual(unmapped, []);
  });

  it("validates and answers every entry's call with the entry's own schemas", () => {
    const routes = registered();
    const drifted: string[] = [];
    for (const { area, name, endpoint } of entries) {
      const route = routes.get(key(endpoint.method, endpoint.path));
      if (!route) continue; // reported by the test above
      for (const part of SHAPE) {
        if (!isDeepStrictEqual(route.schema[part], (endpoint as Endpoint)[part])) {
          drifted.push(`${area}.${name} (${key(endpoint.method, endpoint.path)}): ${part}`);
        }
      }
    }
    assert.deepEqual(drifted, [], "the registered schemas of these calls are not the map's");
  });

  it("registers every call from its entry: at the entry's whole path, with the entry's own schema objects", () => {
    const routes = registered();
    const copied: string[] = [];
    for (const { area, name, endpoint } of entries) {
      const route = routes.get(key(endpoint.method, endpoint.path));
      if (!route) continue;
      const where = `${area}.${name} (${key(endpoint.method, endpoint.path)})`;
      if (route.prefix !== '') copied.push(`${where}: under the prefix ${route.prefix}`);
      for (const part of SHAPE) {
        const given = route.schema[part];
        const own = (endpoint as Endpoint)[part];
        // endpointRoute copies the answers object (Fastify normalises it), never the schemas in it.
        const same =
          part === 'response' && given && own
            ? Object.entries(own).every(([status, schema]) => (given as Record<string, unknown>)[status] === schema)
            : given === own;
        if (!same) copied.push(`${where}: ${part}`);
      }
    }
    assert.deepEqual(copied, [], 'these calls are registered with schemas of their own, not from the map');
  });
});

describe('endpointRoute', () => {
  let app: FastifyInstance;

  before(async () => {
    const typed = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    // The handler's request and reply are typed from the entry: query.schoolId is a number, the answer a School.
    typed.route({
      ...endpointRoute(endpoints.fundraisers.getSchool, { tags: ['Fundraisers'], description: 'A school by id.' }),
      handler: async (request) => {
        const schoolId: number = request.query.schoolId;
        // @ts-expect-error the query has no location
        void request.query.location;
        return { name: `School ${schoolId}`, state: 'Texas' };
      },
    });
    typed.route({
      ...endpointRoute(endpoints.donor.digitalReceipt, { tags: ['Donor'], config: { rateLimit: false } }),
      handler: async (request, reply) => {
        const orderId: number = request.params.orderId;
        // @ts-expect-error the answer is a string, the receipt's URL
        if (orderId === 0) return reply.send({ url: 'x' });
        return `https://site.example/Receipt/${orderId}`;
      },
    });
    app = typed;
    await app.ready();
  });
  after(async () => app.close());

  it('registers the entry at its whole path, validating with its schemas', async () => {
    const school = await app.inject({ method: 'GET', url: '/api/Fundraisers/GetSchool?schoolId=4' });
    assert.equal(school.statusCode, 200);
    assert.deepEqual(school.json(), { name: 'School 4', state: 'Texas' });
    const notANumber = await app.inject({ method: 'GET', url: '/api/Fundraisers/GetSchool?schoolId=four' });
    assert.equal(notANumber.statusCode, 400);
    const receipt = await app.inject({ method: 'POST', url: '/api/donor/digitalReceipt/12' });
    assert.equal(receipt.statusCode, 200);
    assert.equal(receipt.body, 'https://site.example/Receipt/12');
    const noOrder = await app.inject({ method: 'POST', url: '/api/donor/digitalReceipt/0' });
    assert.equal(noOrder.statusCode, 400);
  });

  it("puts the route's documentation and config beside the entry's schemas", () => {
    const options = endpointRoute(endpoints.orders.getReceiptPdf, {
      tags: ['Orders'],
      summary: 'The receipt as a PDF',
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    });
    assert.deepEqual(options, {
      method: 'GET',
      url: '/api/Orders/GetReceiptPdf',
      schema: {
        querystring: endpoints.orders.getReceiptPdf.querystring,
        produces: ['application/pdf'],
        tags: ['Orders'],
        summary: 'The receipt as a PDF',
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    });
  });
});
