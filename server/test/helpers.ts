import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { testConfig, type Config } from '../src/platform/config/config';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/client';
import { smsOutbox } from '../src/platform/db/schema';
import { BROWSER_KEY_COOKIE } from '../src/platform/plugins/browserKey';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import type { PaymentGateway } from '../src/payments/gateway/gateway';
import type { Storage } from '../src/platform/storage';
import { pgliteTemplate } from './databaseTemplates';
import { emptyDatabase } from './multiInstance';

/**
 * A fresh database for one test file: in-memory PGlite, or — when DATABASE_URL is set — a new
 * uniquely named database on that PostgreSQL server, dropped again by `drop()`.
 */
export async function freshDatabase(): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: '', pgliteDump: await pgliteTemplate() });
    // Closed once, by whichever comes first: a PGlite started from a dump keeps the process alive
    // until it is closed.
    let closing: Promise<void> | undefined;
    const close = () => (closing ??= handle.close());
    return { ...handle, close, drop: close };
  }
  const created = await emptyDatabase('fu_test', { migrated: true });
  const handle = await openDatabase({ databaseUrl: created.url, dataDir: '' });
  let closed = false;
  const close = async () => {
    if (!closed) await handle.close();
    closed = true;
  };
  return {
    ...handle,
    close,
    drop: async () => {
      await close();
      await created.drop();
    },
  };
}

/** The total the checkout page shows `browser` for its order: what the page sends as payment.amount. */
export async function shownTotal(browser: Browser, orderId: number): Promise<number> {
  const response = await browser({ method: 'GET', url: `/api/Orders/GetOrder?orderId=${orderId}` });
  if (response.statusCode !== 200) throw new Error(`GetOrder ${orderId}: ${response.statusCode} ${response.body}`);
  return response.json<{ orderTotal: number }>().orderTotal;
}

/** The texts sent to a phone so far, oldest first (every provider records them in the outbox). */
export async function textsTo(database: DatabaseHandle, phone: string): Promise<string[]> {
  const rows = await database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toPhone, phone))
    .orderBy(asc(smsOutbox.id));
  return rows.map((row) => row.body);
}

/** The code in the newest confirmation link texted to a phone. */
export async function phoneCodeTexted(database: DatabaseHandle, phone: string): Promise<string> {
  const text = (await textsTo(database, phone)).at(-1) ?? '';
  const code = /\?confirm=([\w-]+)/.exec(text)?.[1];
  if (!code) throw new Error(`no confirmation link in the last text to ${phone}: ${text}`);
  return code;
}

/**
 * Confirms a page's phone as its owner does: a link texted to the phone (SendPhoneConfirmation),
 * its code confirmed on the page (ConfirmPhone) in `browser`, which then counts as the phone's.
 */
export async function confirmPhone(t: TestApp, guid: string, phone: string, browser: Browser = t.inject) {
  const sent = await browser({
    method: 'POST',
    url: '/api/Students/SendPhoneConfirmation',
    payload: { fundraiserDeviceGuid: guid },
  });
  if (sent.statusCode !== 200) throw new Error(`SendPhoneConfirmation: ${sent.statusCode} ${sent.body}`);
  const code = await phoneCodeTexted(t.database, phone);
  const confirmed = await browser({
    method: 'POST',
    url: '/api/Students/ConfirmPhone',
    payload: { fundraiserDeviceGuid: guid, code },
  });
  if (confirmed.statusCode !== 200) throw new Error(`ConfirmPhone: ${confirmed.statusCode} ${confirmed.body}`);
}

/** Approves every charge, for tests about what a paid order does rather than about cards. */
export const approvingGateway: PaymentGateway = {
  charge: async (request) => ({
    status: 'approved',
    reference: `ref-${request.idempotencyKey}`,
    brand: 'visa',
    last4: '1111',
    amount: request.amount,
  }),
  findCharge: async () => null,
};

/** Sends requests as one browser: the browser key an answer sets goes with its next requests. */
export type Browser = (request: InjectOptions | string) => Promise<LightMyRequestResponse>;

/** A cookie's Path matches a request path as browsers match it: case-sensitive, by whole segments. */
const pathMatches = (cookiePath: string, requestPath: string) =>
  requestPath === cookiePath ||
  (requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'));

/**
 * A new browser, with no browser key yet. Only the browser key is kept, per Path, and sent where a
 * browser would send it (its /api cookie never goes with a page request): ticket tests pass each
 * device's cookie explicitly (a request's own Cookie header is sent after the key).
 */
export function browserOf(app: FastifyInstance): Browser {
  const keys = new Map<string, string>();
  return async (request) => {
    const options = typeof request === 'string' ? { url: request } : request;
    const given = options.headers?.cookie;
    // The request target's path as sent, not parsed as a URL: '//' and other odd targets the fuzz
    // test sends are paths to the server, and no URL.
    const target = options.url ?? '/';
    const requestPath = typeof target === 'string' ? (target.split(/[?#]/)[0] ?? '/') : (target.pathname ?? '/');
    const key = [...keys].find(([cookiePath]) => pathMatches(cookiePath, requestPath))?.[1];
    const cookies = [key ? `${BROWSER_KEY_COOKIE}=${key}` : '', given ? String(given) : ''].filter(Boolean);
    const headers = { ...options.headers, ...(cookies.length ? { cookie: cookies.join('; ') } : {}) };
    const response = await app.inject({ ...options, headers });
    for (const set of response.cookies) {
      if (set.name === BROWSER_KEY_COOKIE) keys.set(set.path ?? '/', set.value);
    }
    return response;
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The test's own browser: orders it creates stay its own (docs/security.md). */
  inject: Browser;
  /** Another browser, with no cookies: a stranger, or the same person on another device. */
  newBrowser(): Browser;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database, with the demo data loaded unless `demo: false`; or on `database`,
 * an open one as it is (several apps of a file in turn on one database), which `close()` leaves open.
 */
export async function createTestApp(
  options: {
    demo?: boolean;
    database?: DatabaseHandle;
    config?: Partial<Config>;
    gateway?: PaymentGateway;
    storage?: Storage;
    onRoute?: BuildOptions['onRoute'];
    logStream?: BuildOptions['logStream'];
  } = {},
): Promise<TestApp> {
  const shared = options.database;
  const fresh = shared ? undefined : await freshDatabase();
  if (fresh && options.demo !== false) await importData(fresh.db, readDemoData());
  const database = shared ?? fresh!;
  const app = await buildApp({
    config: testConfig(options.config),
    // The app closes its database as it stops: not one it was only lent.
    database: shared ? { ...shared, close: async () => {} } : database,
    gateway: options.gateway,
    storage: options.storage,
    onRoute: options.onRoute,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    database,
    inject: browserOf(app),
    newBrowser: () => browserOf(app),
    close: async () => {
      await app.close();
      await fresh?.drop();
    },
  };
}
