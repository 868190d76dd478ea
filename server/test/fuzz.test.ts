import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { HTTPMethods, RouteOptions } from 'fastify';
import { TEST_ADMIN_TOKEN, testConfig, type Config } from '../src/platform/config/config';
import type { PaymentGateway } from '../src/payments/gateway/gateway';
import { createTestApp, type TestApp } from './helpers';
import { JPEG, PNG } from './fixtures';

/**
 * Bad input, property-based: every route the server registers gets arbitrary path parameters,
 * query strings, JSON bodies (valid, mutated and random), malformed JSON and wrong content types.
 * Whatever arrives, the answer is never a 5xx, and every 4xx is JSON with a `message`.
 * Reproduce a run with FUZZ_SEED=<seed>; FUZZ_REQUESTS raises (or lowers) the request budget.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260427);
const MIN_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);

// ---- the routes ---------------------------------------------------------------------------

/** One method of one registered route, with the schemas it validates against. */
interface FuzzRoute {
  method: HTTPMethods;
  url: string;
  schema: RouteSchema;
  /** The route's own body limit, when it sets one (the logger's 8 KB). */
  bodyLimit?: number;
}

interface RouteSchema {
  querystring?: Schema;
  params?: Schema;
  body?: Schema;
  consumes?: string[];
  /** Set on every route behind the admin token (admin/plugins/adminAuth). */
  security?: unknown[];
}

/** Collects every route as the app registers it (buildApp's onRoute), one entry per method. */
function routeCollector() {
  const seen: RouteOptions[] = [];
  return {
    onRoute: (route: RouteOptions) => void seen.push(route),
    routes(): FuzzRoute[] {
      const byKey = new Map<string, FuzzRoute>();
      for (const route of seen) {
        for (const method of [route.method].flat() as HTTPMethods[]) {
          // Read the schema now: plugins may replace it after registering (adminAuth adds security).
          const schema = (route.schema ?? {}) as RouteSchema;
          byKey.set(`${method} ${route.url}`, { method, url: route.url, schema, bodyLimit: route.bodyLimit });
        }
      }
      return [...byKey.values()];
    },
  };
}

// ---- the routes' JSON schemas (TypeBox) to arbitraries ----------------------

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxItems?: number;
  minItems?: number;
  anyOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
}

const DEMO_GUIDS = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '22222222-2222-4222-8222-222222222223',
  '33333333-3333-4333-8333-333333333333',
  '44444444-4444-4444-8444-444444444444',
  '55555555-5555-4555-8555-555555555555',
  '66666666-6666-4666-8666-666666666666',
  '77777777-7777-4777-8777-777777777777',
  'a1a1a1a1-0000-4000-8000-000000000001',
  '00000000-0000-0000-0000-000000000000',
];

/** Strings the demo data knows, so valid-looking requests reach the handlers and the database. */
const KNOWN_STRINGS = [
  ...DEMO_GUIDS,
  ...DEMO_GUIDS.map((guid) => guid.toUpperCase()),
  '5125550101',
  '(512) 555-0101',
  '15125550101',
  '5125550188',
  '512-555-0199',
  'tok_ok_fuzz',
  'tok_declined',
  'Texas',
  'Ohio',
  'Casey',
  'Jordan Rivera',
  'casey@example.com',
  '1 Main St',
  'Austin',
  'TX',
  '78701',
  'United States',
  '/images/tshirt.svg',
  'https://example.org/team',
  '8B0000',
  '#FFD700',
  'fuzz-bucket',
  'A'.repeat(32),
  '/MyOffers/a1a1a1a1-0000-4000-8000-000000000001/',
  '/MyTicket/22222222-2222-4222-8222-222222222222/',
  '/',
];
const KNOWN_INTEGERS = [0, 1, 2, 3, 4, 5, 6, 10, 11, 43, 44, 46, 101, 102, 111, 112, 431, 441, 461, -1, -2];

const DEVICE = '11111111-1111-4111-8111-111111111111';
const SESSIONS = [
  '22222222-2222-4222-8222-222222222222',
  '22222222-2222-4222-8222-222222222223',
  '55555555-5555-4555-8555-555555555555',
  'a1a1a1a1-0000-4000-8000-000000000001',
];
/** Orders the fuzz itself creates have small ids. */
const smallId = fc.integer({ min: 1, max: 40 });

/**
 * Values that name real rows of the demo data (or make sense together), by field name: they let
 * valid requests get past "not found" into the handlers' real work. Any route with a field of
 * one of these names benefits, a new one included; the rest of a value comes from its schema.
 */
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  fundraiserId: fc.constantFrom(1, 1, 2, 3, 5, 6),
  itemId: fc.constantFrom(10, 11, 43, 44, 46),
  itemOptionId: fc.constantFrom(101, 102, 111, 112, 431, 441, 461),
  itemsOptionId: fc.constantFrom(431, 441, 111),
  optionBundleId: fc.constantFrom(1, 2, null),
  qty: fc.integer({ min: 1, max: 3 }),
  donation: fc.constantFrom(0, 3500, 5000),
  // Lines that exist on fundraiser 1 (and 5, 3, 6 in part): an order that gets priced and saved.
  fundraiserOrderItems: fc.constantFrom(
    [{ itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 111, qty: 2 }] }],
    [{ itemId: 10, fundraiserOrderItemOptions: [{ itemOptionId: 101, qty: 1 }] }],
    [{ itemId: 43, fundraiserOrderItemOptions: [{ itemOptionId: 431, qty: 1 }] }],
    [
      { itemId: 11, fundraiserOrderItemOptions: [{ itemOptionId: 112, qty: 1 }] },
      { itemId: 46, fundraiserOrderItemOptions: [{ itemOptionId: 461, qty: 1 }] },
    ],
    [],
  ),
  orderId: smallId,
  schoolId: fc.integer({ min: 1, max: 5 }),
  teamId: fc.integer({ min: 1, max: 6 }),
  ticketId: fc.constant(1),
  vendorId: fc.integer({ min: 1, max: 3 }),
  vendorOfferId: fc.integer({ min: 0, max: 3 }),
  ticketOfferId: fc.integer({ min: 1, max: 3 }),
  ticketPurchaseId: smallId,
  currentTicket: fc.constantFrom(0, 1),
  fundraiserDeviceGuid: fc.constant(DEVICE),
  fdid: fc.constant(DEVICE),
  guid: fc.constant(DEVICE),
  contactGuid: fc.constant('66666666-6666-4666-8666-666666666666'),
  studentContactGuid: fc.constant('66666666-6666-4666-8666-666666666666'),
  socialGuid: fc.constant('77777777-7777-4777-8777-777777777777'),
  ticketPurchaseSessionGuid: fc.constantFrom(...SESSIONS),
  ticketPurchaseGuid: fc.constantFrom('33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444'),
  phone: fc.constantFrom('5125550101', '(512) 555-0101', '5125550188'),
  phoneNumber: fc.constantFrom('5125550188', '(512) 555-0199', '15125550177'),
  paymentTypeId: fc.constantFrom(1, 3, 2),
  checkNumber: fc.constantFrom('1042', null),
  location: fc.constantFrom('Texas', 'Ohio'),
  token: fc.constantFrom('tok_ok_fuzz', 'tok_declined'),
  code: fc.constant('A'.repeat(32)),
  start_url: fc.constantFrom(`/MyOffers/${SESSIONS[0]}/`, '/MyTicket/a1a1a1a1-0000-4000-8000-000000000001/', '/'),
  studentFirstName: fc.constant('Jordan'),
  studentLastName: fc.constant('Rivera'),
  supporterFirstName: fc.constant('Casey'),
  supporterLastName: fc.constant('Morgan'),
  supporterPhoneNumber: fc.constant('(512) 555-0188'),
  donorEmail: fc.constant('casey@example.com'),
  country: fc.constant('United States'),
  shippingAddress: fc.constant('1 Main St'),
  shippingCity: fc.constant('Austin'),
  shippingState: fc.constantFrom('TX', 'Texas'),
  shippingZip: fc.constant('78701'),
  name: fc.constantFrom('Fuzz Vendor', 'Lincoln Lions Discount Card'),
  photoUrl: fc.constantFrom('/images/tshirt.svg', 'https://example.org/p.png', null),
  bucketName: fc.constant('fuzz-bucket'),
  message: fc.constant('fuzz log line'),
  level: fc.constantFrom(1, 4),
};

/** A value for a named field: mostly its hint when it has one, otherwise from its schema. */
function fieldFor(name: string, schema: Schema, mutate: boolean): fc.Arbitrary<unknown> {
  const generic = valueFor(schema, mutate);
  const hint = HINTS[name];
  // A body has many fields: in a valid request nearly all must be hinted for it to get through.
  return hint ? fc.oneof({ weight: mutate ? 3 : 9, arbitrary: hint }, { weight: 1, arbitrary: generic }) : generic;
}

/** JSON numbers JavaScript cannot hold, spliced into bodies as raw text (see `toJsonText`). */
const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '-0', '1E2', '0.1e-400'];
const rawMarker = (raw: string) => `__raw:${raw}__`;

/** encodeURIComponent, after making the text well formed (a lone surrogate becomes U+FFFD). */
const encode = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
/**
 * A URL as it can arrive in an HTTP request line: what a raw (unencoded) part holds beyond visible
 * ASCII (spaces, CR/LF, unicode) is percent-encoded, as every client and the HTTP parser insist.
 */
const asRequestLine = (url: string) =>
  [...Buffer.from(url, 'utf8').toString('utf8')].map((c) => (/[\x21-\x7e]/.test(c) ? c : encode(c))).join('');

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  '-9223372036854775809',
  '0x1F',
  'true',
  '[]',
  '{}',
  '%',
  '%00',
  '%zz',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; DROP TABLE orders; --",
  '💥🎉',
  'ñandú',
  '\uD800',
  '\uFEFF',
  '\r\n',
  '${7*7}',
  '__proto__',
  'constructor',
  'Ω'.repeat(300),
  'x'.repeat(10_000),
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...KNOWN_STRINGS) },
);

const nastyNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    -1,
    0.5,
    -0.0001,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    ...RAW_NUMBERS.map(rawMarker),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Anything at all that JSON can carry, leaning on the values that break servers. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 300 }, (_, i) => i)) },
  {
    weight: 1,
    arbitrary: fc.constant(
      JSON.parse('{"a":'.repeat(60) + '1' + '}'.repeat(60)) as unknown, // deeply nested
    ),
  },
);

const stringsMatching = (pattern: string): fc.Arbitrary<string> | undefined => {
  try {
    const regex = new RegExp(pattern);
    // fast-check cannot build strings for every regex (lookaheads); those use the known strings.
    const arbitrary = fc.stringMatching(regex);
    fc.sample(arbitrary, { numRuns: 1, seed: 1 });
    return arbitrary;
  } catch {
    return undefined;
  }
};

function stringFor(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 50;
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
  const fits = (value: string) =>
    [...value].length >= min && [...value].length <= max && (!pattern || pattern.test(value));
  const known = KNOWN_STRINGS.filter(fits);
  const choices: fc.Arbitrary<string>[] = [];
  if (known.length) choices.push(fc.constantFrom(...known));
  const generated = schema.pattern
    ? stringsMatching(schema.pattern)
    : fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: Math.min(max, 60) });
  // Never filter (a rare fit would stall generation): a misfit becomes a known value that fits.
  if (generated) choices.push(generated.map((value) => (fits(value) || !known.length ? value : known[0]!)));
  return choices.length ? fc.oneof(...choices) : fc.constant('x'.repeat(min));
}

function integerFor(schema: Schema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -(2 ** 31);
  const max = schema.maximum ?? 2 ** 31 - 1;
  const known = [...KNOWN_INTEGERS, min, max].filter((n) => n >= min && n <= max);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.integer({ min: Math.max(min, 0), max: Math.max(Math.min(max, 60), Math.max(min, 0)) }) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
}

const built = new WeakMap<Schema, Map<boolean, fc.Arbitrary<unknown>>>();

/**
 * Values for a schema. With `mutate`, any node may be swapped for a nasty value, a property may
 * go missing and an unknown one appear: near-valid input, which gets furthest before it breaks.
 */
function valueFor(schema: Schema, mutate: boolean): fc.Arbitrary<unknown> {
  // Building arbitraries (stringMatching above all) costs more than drawing from them: once per schema.
  const cached = built.get(schema)?.get(mutate);
  if (cached) return cached;
  const valid = validFor(schema, mutate);
  const arbitrary = mutate ? fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: nastyValue }) : valid;
  if (!built.has(schema)) built.set(schema, new Map());
  built.get(schema)!.set(mutate, arbitrary);
  return arbitrary;
}

function validFor(schema: Schema, mutate: boolean): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => valueFor(option, mutate)));
  if (schema.allOf) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged.properties!, part.properties);
      merged.required!.push(...(part.required ?? []));
    }
    return validFor(merged, mutate);
  }
  switch (schema.type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return integerFor(schema);
    case 'number':
      return fc.oneof(integerFor(schema), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ?? {};
      const maxLength = Math.min(schema.maxItems ?? 4, 4);
      return fc.array(valueFor(items, mutate), {
        minLength: Math.min(schema.minItems ?? 0, maxLength),
        maxLength,
      });
    }
    case 'object':
      return objectFor(schema, mutate);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectFor(schema: Schema, mutate: boolean): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = (schema.required ?? []).filter((key) => key in properties);
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, fieldFor(key, value, mutate)])),
    { requiredKeys: required },
  );
  if (!mutate) return record;
  // Now and then a property goes missing, and an unknown one (or __proto__) appears.
  const extra = fc.tuple(fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor')), nastyValue);
  return fc
    .tuple(record, fc.option(fc.nat(), { freq: 4 }), fc.option(extra, { freq: 4 }))
    .map(([value, drop, added]) => {
      const copy: Record<string, unknown> = { ...(value as object) };
      const keys = Object.keys(copy);
      if (drop !== null && keys.length) delete copy[keys[drop % keys.length]!];
      if (added) Object.defineProperty(copy, added[0], { value: added[1], enumerable: true, writable: true });
      return copy;
    });
}

/** JSON text, with raw-number markers replaced by the literal (1e400, 30-digit integers…). */
function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"__raw:([^"]*)__"/g, '$1');
}

// ---- requests -------------------------------------------------------------------------------

interface FuzzRequest {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\uFEFF{}',
  '{"a":1,}',
  '{"a":"\\x"}',
  '"unterminated',
  '{"a":01}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  'NaN',
  '{"a":NaN}',
  '\u0000',
  ' ',
];

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=latin1',
  'application/json;charset=utf-16',
];
const OTHER_TYPES = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  'application/vnd.api+json',
  'application/json-patch+json',
  '*/*',
  ';;;',
  'application/',
  'image/png',
];

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  value: Buffer;
}

/** A multipart/form-data body; `truncate` leaves out the closing boundary. */
function multipartOf(parts: Part[], boundary = 'fuzzboundary', headerBoundary = boundary, truncate = false) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType === undefined ? '' : `\r\nContent-Type: ${part.contentType}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`),
    );
    chunks.push(part.value, Buffer.from('\r\n'));
  }
  if (!truncate) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${headerBoundary}` };
}

/** multipart/form-data, well formed or not, for the upload route. */
const multipartBody: fc.Arbitrary<{ payload: Buffer; contentType: string }> = fc
  .record({
    boundary: fc.constantFrom('fuzzboundary', 'x', '----a b', '', 'b'.repeat(300)),
    headerBoundary: fc.option(fc.constantFrom('other', '"fuzzboundary"', ''), { nil: undefined }),
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constantFrom('file', 'caption'), nastyString),
        filename: fc.option(fc.oneof(fc.constantFrom('a.png', '../../x.png', 'x.jpg'), nastyString), {
          nil: undefined,
        }),
        contentType: fc.option(fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'IMAGE/PNG', ''), {
          nil: undefined,
        }),
        value: fc.oneof(
          fc.constant(PNG),
          fc.constant(JPEG),
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.concat([PNG.subarray(0, 8), bytes])),
          nastyString.map((text) => Buffer.from(text)),
        ),
      }),
      { maxLength: 3 },
    ),
    truncate: fc.boolean(),
  })
  .map(({ boundary, headerBoundary, parts, truncate }) =>
    multipartOf(parts, boundary, headerBoundary ?? boundary, truncate),
  );

/** A query string from parameter values, with repeats, raw fragments and unknown keys. */
function queryFor(parameters: { name: string; schema: Schema }[]): fc.Arbitrary<string> {
  const valueText = (name: string, schema: Schema) =>
    fc.oneof(
      { weight: 4, arbitrary: fieldFor(name, schema, false).map((value) => String(value)) },
      { weight: 3, arbitrary: nastyString },
      { weight: 1, arbitrary: nastyNumber.map((value) => String(value).replace(/^__raw:(.*)__$/, '$1')) },
    );
  const pairs = fc.tuple(
    ...parameters.map(({ name, schema }) =>
      fc.oneof(
        { weight: 6, arbitrary: valueText(name, schema).map((value) => [[name, value]]) },
        { weight: 1, arbitrary: fc.constant([]) },
        {
          weight: 1,
          arbitrary: fc
            .array(valueText(name, schema), { minLength: 2, maxLength: 3 })
            .map((values) => values.map((v) => [name, v])),
        },
      ),
    ),
  );
  const extras = fc.array(fc.tuple(nastyString, nastyString), { maxLength: 2 });
  const raw = fc.option(fc.constantFrom('%', '%E0%A4%A', '&&', '==', 'a[b]=1', '&x', '%00=%00', '+=+'), {
    nil: undefined,
  });
  return fc.tuple(pairs, extras, raw, fc.boolean()).map(([groups, extra, rawPart, encoded]) => {
    const all = [...(groups as string[][][]).flat(), ...extra];
    const text = all
      .map(([key, value]) => (encoded ? `${encode(key!)}=${encode(value!)}` : `${key}=${value}`))
      .join('&');
    return [text, rawPart].filter(Boolean).join('&');
  });
}

/** A path with its `:params` and `*` filled in, encoded or raw. */
function pathFor(url: string, parameters: { name: string; schema: Schema }[], valid: boolean): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const segment = (name: string | undefined) => {
    const schema = parameters.find((p) => p.name === name)?.schema;
    const fitting = name && schema ? fieldFor(name, schema, false).map((value) => encode(String(value))) : undefined;
    if (valid && fitting) return fitting;
    return fc.oneof(
      { weight: 3, arbitrary: fitting ?? nastyString },
      { weight: 3, arbitrary: nastyString.map(encode) },
      { weight: 1, arbitrary: fc.constantFrom('%', '..', '%2F', '%2e%2e', '', '%E0%A4%A', '1%00', ' ', 'a b') },
    );
  };
  const files = fc.constantFrom('', 'index.html', 'tshirt.svg', 'team-logo.svg', 'json', 'index.css', 'x.js');
  const wildcard = valid
    ? files
    : fc.oneof(
        files,
        fc.constantFrom(
          '..%2F..%2Fetc%2Fpasswd',
          '.env',
          'api',
          'Order/1/0/0',
          '%',
          '..',
          '%2e%2e/%2e%2e/package.json',
        ),
        fc.array(segment(undefined), { maxLength: 3 }).map((segments) => segments.join('/')),
      );
  return fc.tuple(fc.tuple(...names.map((name) => segment(name))), wildcard).map(([values, rest]) => {
    let index = 0;
    return url.replace(/:(\w+)/g, () => String(values[index++])).replace(/\*$/, rest);
  });
}

/** The properties of an object schema as named parameters (query string or path). */
const parametersOf = (schema: Schema | undefined) =>
  Object.entries(schema?.properties ?? {}).map(([name, value]) => ({ name, schema: value }));

function requestFor(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const parameters = parametersOf(route.schema.querystring);
  const pathParameters = parametersOf(route.schema.params);
  const bodySchema = route.schema.body;
  const isMultipart = route.schema.consumes?.includes('multipart/form-data') ?? false;
  const jsonBody = bodySchema
    ? fc.oneof(
        { weight: 3, arbitrary: valueFor(bodySchema, false) },
        { weight: 4, arbitrary: valueFor(bodySchema, true) },
        { weight: 1, arbitrary: nastyValue },
      )
    : nastyValue;
  type Body = { payload?: string | Buffer; contentType?: string };
  const none: Body = {};
  const body: fc.Arbitrary<Body> = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(jsonBody, fc.constantFrom(...JSON_TYPES))
        .map(([v, type]) => ({ payload: toJsonText(v), contentType: type })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(jsonBody, fc.nat()).map(([v, cut]) => {
        const text = toJsonText(v) ?? '';
        return { payload: text.slice(0, cut % (text.length + 1)), contentType: 'application/json' };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...MALFORMED_JSON).map((payload) => ({ payload, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(nastyString, jsonBody.map(toJsonText)), fc.constantFrom(...OTHER_TYPES))
        .map(([payload, contentType]) => ({ payload, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(none, { payload: '', contentType: 'application/json' }, { payload: '{}' }),
    },
    ...(isMultipart ? [{ weight: 8, arbitrary: multipartBody }] : []),
  );
  const sendsBody = route.method !== 'GET' && route.method !== 'HEAD';
  const fuzzy = fc
    .record({
      path: pathFor(route.url, pathParameters, false),
      query: parameters.length
        ? fc.oneof({ weight: 6, arbitrary: queryFor(parameters) }, { weight: 1, arbitrary: fc.constant('') })
        : fc.option(queryFor([]), { nil: '' }),
      body: sendsBody ? body : fc.oneof({ weight: 9, arbitrary: fc.constant(none) }, { weight: 1, arbitrary: body }),
      cookie: fc.option(
        fc.oneof(
          fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((token) => `fu_ticket_device=${encode(token)}`),
          fc.constantFrom('fu_ticket_device=%E0%A4%A', '=;;=', 'fu_ticket_device=' + 'A'.repeat(43)),
        ),
        { nil: undefined },
      ),
      requestId: fc.option(
        nastyString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
        { nil: undefined },
      ),
      accept: fc.option(fc.constantFrom('application/json', 'text/html', '*/*', 'image/*', ';;'), { nil: undefined }),
    })
    .map(({ path: p, query, body: b, cookie, requestId, accept }) => {
      const headers: Record<string, string> = {};
      if (b.contentType !== undefined) headers['content-type'] = b.contentType;
      if (cookie !== undefined) headers.cookie = cookie;
      if (requestId !== undefined) headers['x-request-id'] = requestId;
      if (accept !== undefined) headers.accept = accept;
      return { method: route.method, url: asRequestLine(query ? `${p}?${query}` : p), headers, payload: b.payload };
    });

  // A well-formed request (valid per the schemas, leaning on the demo's rows): reaches the handlers.
  const requiredQuery = (route.schema.querystring?.required ?? []).filter((name) =>
    parameters.some((p) => p.name === name),
  );
  const validQuery = fc
    .record(Object.fromEntries(parameters.map(({ name, schema }) => [name, fieldFor(name, schema, false)])), {
      requiredKeys: requiredQuery,
    })
    .map((values) =>
      Object.entries(values)
        .map(([key, value]) => `${encode(key)}=${encode(String(value))}`)
        .join('&'),
    );
  const validBody: fc.Arbitrary<Body> = isMultipart
    ? fc.constantFrom(
        { ...multipartOf([{ name: 'file', filename: 'a.png', contentType: 'image/png', value: PNG }]) },
        { ...multipartOf([{ name: 'file', filename: 'b.jpg', contentType: 'image/jpeg', value: JPEG }]) },
      )
    : bodySchema
      ? valueFor(bodySchema, false).map((value) => ({ payload: toJsonText(value), contentType: 'application/json' }))
      : fc.constant(none);
  const valid = fc
    .record({ path: pathFor(route.url, pathParameters, true), query: validQuery, body: validBody })
    .map(({ path: p, query, body: b }): FuzzRequest => ({
      method: route.method,
      url: query ? `${p}?${query}` : p,
      headers: b.contentType ? { 'content-type': b.contentType } : {},
      payload: b.payload,
    }));
  return fc.oneof({ weight: 3, arbitrary: fuzzy }, { weight: 1, arbitrary: valid });
}

// ---- the run ---------------------------------------------------------------------------------

/** Approves tokens starting tok_ok, declines the rest: payments complete without a network. */
const gateway: PaymentGateway = {
  charge: async ({ token, amount }) =>
    token.startsWith('tok_ok')
      ? { status: 'approved', reference: `ref_${randomUUID()}`, brand: 'Visa', last4: '4242', amount }
      : { status: 'declined', message: 'Your card was declined.' },
  findCharge: async () => null,
};

const describeRequest = (request: FuzzRequest) =>
  JSON.stringify({
    ...request,
    payload:
      request.payload === undefined
        ? undefined
        : String(
            request.payload.length > 300
              ? `${request.payload.slice(0, 300)}… (${request.payload.length})`
              : request.payload,
          ),
  });

describe('fuzz: arbitrary input to every route', () => {
  let t: TestApp;
  let uploadDir: string;
  let routes: FuzzRoute[];
  let sent = 0;
  /** Answers by status class, overall and per route: shows how deep the input reached. */
  const classes = new Map<string, number>();
  const succeeded = new Set<string>();
  let current = '';

  before(async () => {
    uploadDir = mkdtempSync(path.join(os.tmpdir(), 'fu-fuzz-uploads-'));
    const unlimited = 1_000_000_000;
    const collector = routeCollector();
    t = await createTestApp({
      gateway,
      onRoute: collector.onRoute,
      config: {
        storage: { uploadDir },
        // The fuzz sends thousands of requests from one address: the limits have their own tests.
        rateLimits: Object.fromEntries(
          Object.keys(testConfig().rateLimits).map((name) => [name, unlimited]),
        ) as Config['rateLimits'],
      },
    });
    routes = collector.routes();
  });
  after(async () => {
    await t?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const send = async (request: FuzzRequest) => {
    sent++;
    const response = await t.inject(request);
    const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
    classes.set(statusClass, (classes.get(statusClass) ?? 0) + 1);
    if (response.statusCode < 300) succeeded.add(current);
    const where = `${response.statusCode} for ${describeRequest(request)}: ${response.body.slice(0, 500)}`;
    assert.ok(response.statusCode < 500, `server error ${where}`);
    if (response.statusCode >= 400 && request.method !== 'HEAD') {
      assert.match(String(response.headers['content-type']), /^application\/json/, `not JSON: ${where}`);
      const body = response.json() as { message?: unknown };
      assert.equal(typeof body.message, 'string', `no message: ${where}`);
      assert.ok((body.message as string).length > 0, `empty message: ${where}`);
    }
    return response;
  };

  it('finds every route, hidden ones included', async () => {
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    assert.ok(routes.length >= 60, `only ${routes.length} routes`);
    for (const known of [
      'GET /api/health/',
      'GET /api/Fundraisers/ListActiveStates',
      'POST /api/Orders/CreateOrder',
      'POST /api/Orders/ProcessOrder',
      'POST /api/donor/digitalReceipt/:orderId',
      'POST /api/Tickets/RedeemTicketPurchaseOffer',
      'POST /api/Admin/SaveTicket',
      'POST /api/AWSS3Controller/UploadFileAsync',
      'POST /api/Logger/Log/',
      'GET /runtime-config.json',
      'GET /uploads/*',
    ]) {
      assert.ok(keys.includes(known), `${known} is not in ${keys.join(', ')}`);
    }
    for (const route of routes) assert.ok(t.app.hasRoute(route), `${route.method} ${route.url} is not a route`);
    // Every documented operation is among them, and the admin API is all behind the token.
    const documented = (await t.inject({ url: '/api/docs/json' })).json().paths as Record<string, object>;
    for (const [docPath, byMethod] of Object.entries(documented)) {
      for (const method of Object.keys(byMethod)) {
        const url = docPath.replace(/\{(\w+)\}/g, ':$1');
        assert.ok(keys.includes(`${method.toUpperCase()} ${url}`), `${method} ${url} was not found`);
      }
    }
    for (const route of routes) {
      if (/^\/api\/(Admin|AWSS3Controller)\//.test(route.url) && route.method !== 'OPTIONS') {
        assert.ok(route.schema.security?.length, `${route.method} ${route.url} is not behind the admin token`);
      }
    }
  });

  it('refuses a JSON body over the body limit with 413 and a JSON message, on every route that takes a body', async () => {
    const appLimit = t.app.initialConfig.bodyLimit!;
    assert.equal(appLimit, 1024 * 1024);
    const posts = routes.filter((route) => route.method === 'POST');
    assert.ok(posts.length >= 20, `only ${posts.length} POST routes`);
    assert.equal(posts.find((route) => route.url === '/api/Logger/Log/')?.bodyLimit, 8 * 1024);
    for (const route of posts) {
      const limit = route.bodyLimit ?? appLimit;
      const url = route.url.replace(/:\w+/g, '1');
      const headers = {
        'content-type': 'application/json',
        ...(route.schema.security?.length ? { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } : {}),
      };
      const payload = JSON.stringify({ pad: 'x'.repeat(limit) });
      const response = await t.inject({ method: 'POST', url, headers, payload });
      assert.equal(
        response.statusCode,
        413,
        `${route.url} with ${payload.length} bytes: ${response.body.slice(0, 200)}`,
      );
      assert.match(String(response.headers['content-type']), /^application\/json/, route.url);
      assert.match(response.json().message, /too large/i, route.url);
    }
  });

  it(
    `sends at least ${MIN_REQUESTS} arbitrary requests and never gets a 5xx (seed ${SEED})`,
    { timeout: 300_000 },
    async (context) => {
      // HEAD routes are Fastify's copies of the GET ones: the GET runs send HEAD now and then.
      const fuzzed = routes.filter((route) => route.method !== 'HEAD');
      // A run sends one request, or two on a route behind the admin token (without it, then with it).
      const perRun = (route: FuzzRoute) => ((route.schema.security?.length ?? 0) > 0 ? 2 : 1);
      const numRuns = Math.ceil(MIN_REQUESTS / fuzzed.reduce((n, route) => n + perRun(route), 0));
      context.diagnostic(`seed ${SEED} (FUZZ_SEED), ${fuzzed.length} routes, ${numRuns} runs each`);
      const started = Date.now();
      for (const [index, route] of fuzzed.entries()) {
        const secured = (route.schema.security?.length ?? 0) > 0;
        const method: fc.Arbitrary<HTTPMethods> =
          route.method === 'GET'
            ? fc.constantFrom<HTTPMethods>('GET', 'GET', 'GET', 'HEAD')
            : fc.constant(route.method);
        const badToken = fc.constantFrom(
          '',
          'Bearer wrong',
          `Bearer ${TEST_ADMIN_TOKEN}x`,
          'Basic abc',
          TEST_ADMIN_TOKEN,
        );
        const property = fc.asyncProperty(requestFor(route), method, badToken, async (request, verb, badAuth) => {
          const base = { ...request, method: verb };
          if (secured) {
            // Without the token: refused before anything is read. With it: the input is validated for real.
            const headers = { ...base.headers, ...(badAuth ? { authorization: badAuth } : {}) };
            const refused = await send({ ...base, headers });
            assert.equal(refused.statusCode, 401, `no token but ${refused.statusCode}: ${describeRequest(base)}`);
            await send({ ...base, headers: { ...base.headers, authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
          } else {
            await send(base);
          }
        });
        current = `${route.method} ${route.url}`;
        await context.test(current, () => fc.assert(property, { numRuns, seed: SEED + index }));
      }
      context.diagnostic(`${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      context.diagnostic(
        `answers: ${[...classes]
          .sort()
          .map(([name, n]) => `${name} ${n}`)
          .join(', ')}`,
      );
      const neverOk = fuzzed.map((route) => `${route.method} ${route.url}`).filter((key) => !succeeded.has(key));
      context.diagnostic(`routes with no 2xx answer: ${neverOk.join(', ') || 'none'}`);
      assert.ok(sent >= MIN_REQUESTS, `only ${sent} requests`);
    },
  );

  it('still answers /api/health afterwards', async () => {
    const response = await t.inject({ url: '/api/health' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().status, 'ok');
  });
});
