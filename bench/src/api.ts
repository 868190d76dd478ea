// The API under load: lookups and GetOrder against a bare Fastify route (same load generator, same
// headers, back to back), and card orders per second through CreateOrder + ProcessOrder.
import { BROWSER_KEY_COOKIE } from '../../server/src/platform/plugins/browserKey';
import { cardCheckout, newOrderBody, testCard } from '../../server/test/fixtures';
import { BROWSER_HEADERS, load, type LoadResult } from './load';

export interface Route {
  name: string;
  path: string;
  /** Sent with every request (the order's browser key, for GetOrder). */
  headers?: Record<string, string>;
}

/**
 * One supporter's browser: the browser key its first order gets goes with its next requests, as
 * an order opens only for the browser that made it.
 */
export interface Browser {
  cookie?: string;
}

/** The routes measured against the bare one: two public lookups and the checkout's order read. */
export function apiRoutes(order: { orderId: number; browser: Browser }): Route[] {
  return [
    { name: 'GET ListActiveStates', path: '/api/Fundraisers/ListActiveStates?itemId=0' },
    { name: 'GET ListActiveSchools (a state)', path: '/api/Fundraisers/ListActiveSchools?location=Texas&itemId=0' },
    {
      name: 'GET GetOrder',
      path: `/api/Orders/GetOrder?orderId=${order.orderId}`,
      headers: { ...BROWSER_HEADERS, cookie: order.browser.cookie ?? '' },
    },
  ];
}

export interface RouteResult extends Route {
  result: LoadResult;
  /** The bare route measured just before this one: the ratio's denominator. */
  bare: LoadResult;
}

/**
 * Each API route right after its own run of the bare route, under the same closed-loop load.
 * Other work on a shared machine moves both figures over minutes; measured back to back, the
 * ratio of the pair holds steadier than a ratio to one bare run at the start.
 */
export async function measureRoutes(
  bareUrl: string,
  apiBase: string,
  routes: Route[],
  { seconds = 5 } = {},
): Promise<RouteResult[]> {
  // A short warm-up per server, so JIT and first-query costs stay out of the figures.
  await load(bareUrl, { seconds: 1 });
  const results: RouteResult[] = [];
  for (const route of routes) {
    await load(`${apiBase}${route.path}`, { seconds: 1, headers: route.headers });
    const bare = await load(bareUrl, { seconds });
    results.push({
      ...route,
      bare,
      result: await load(`${apiBase}${route.path}`, { seconds, headers: route.headers }),
    });
  }
  return results;
}

async function postJson(url: string, body: unknown, browser: Browser = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(browser.cookie ? { cookie: browser.cookie } : {}) },
    body: JSON.stringify(body),
  });
  const key = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${BROWSER_KEY_COOKIE}=`));
  if (key) browser.cookie = key.split(';')[0];
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the error message
  }
  return { status: response.status, body: parsed };
}

/** A new unpaid order of demo fundraiser 1 (two of item 11's first option), as the order page makes it. */
/** A new order in `browser` (a new browser unless given). */
export async function createOrder(apiBase: string, browser: Browser = {}): Promise<number> {
  const { status, body } = await postJson(`${apiBase}/api/Orders/CreateOrder`, newOrderBody(), browser);
  if (status !== 200 || typeof body !== 'number') throw new Error(`CreateOrder answered ${status}: ${String(body)}`);
  return body;
}

async function tokenize(gatewayUrl: string): Promise<string> {
  const { status, body } = await postJson(`${gatewayUrl}/v1/card/tokenize`, testCard());
  const token = (body as { token?: string }).token;
  if (status !== 200 || !token) throw new Error(`tokenize answered ${status}: ${JSON.stringify(body)}`);
  return token;
}

export interface OrdersResult {
  orders: number;
  failures: number;
  seconds: number;
  ordersPerSecond: number;
  /** Milliseconds of CreateOrder + ProcessOrder for one order. */
  p50Ms: number;
  p99Ms: number;
  firstFailure?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * Paid card orders per second: `concurrency` supporters each CreateOrder then ProcessOrder (the
 * server charges the sandbox) until `seconds` pass or the card tokens run out. The browser's
 * tokenize call goes to the payment sandbox, not our API, so the tokens are made first, outside
 * the timed part. Only orders answered 'success' count. Given several API bases (instances on one
 * database), the requests go to them in turn, as a load balancer without sticky sessions sends
 * them: an order made on one instance is often paid on another.
 */
export async function measureOrders(
  apiBases: string | string[],
  gatewayUrl: string,
  { seconds = 5, concurrency = 8, maxOrders = 3000 } = {},
): Promise<OrdersResult> {
  const bases = [apiBases].flat();
  let turn = 0;
  const nextBase = () => bases[turn++ % bases.length]!;
  const tokens: string[] = [];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (tokens.length < maxOrders) tokens.push(await tokenize(gatewayUrl));
    }),
  );
  // Warm-up: one order end to end on each instance.
  for (const base of bases) {
    const warmUp: Browser = {};
    await postJson(
      `${base}/api/Orders/ProcessOrder`,
      cardCheckout(await createOrder(base, warmUp), tokens.pop()!),
      warmUp,
    );
  }

  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const browser: Browser = {};
      while (performance.now() < deadline) {
        const token = tokens.pop();
        if (!token) return;
        const t0 = performance.now();
        try {
          const orderId = await createOrder(nextBase(), browser);
          const paid = await postJson(`${nextBase()}/api/Orders/ProcessOrder`, cardCheckout(orderId, token), browser);
          if (paid.status !== 200 || paid.body !== 'success')
            throw new Error(`ProcessOrder answered ${paid.status}: ${JSON.stringify(paid.body)}`);
          latencies.push(performance.now() - t0);
        } catch (error) {
          failures++;
          firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    orders: latencies.length,
    failures,
    seconds: elapsed,
    ordersPerSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    firstFailure,
  };
}
