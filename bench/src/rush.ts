// Issue 36 item 1, "a rush, measured": `supporters` supporters arrive within `seconds` on a student's
// share link and go through the whole journey (page HTML, the first calls, the order, the checkout,
// a card payment at the payment sandbox, the receipt), while `redemptions` redemptions in the same
// seconds hit ticket wallets bought and bound to their phones beforehand (every 10th a double tap:
// two requests at once with one Idempotency-Key). One API instance on PostgreSQL, then two behind a
// balancer (bench/src/balancer.ts) with the documented proxy settings (TRUST_PROXY, REDIS_URL).
//
// Each virtual supporter and wallet holder is its own browser: its own cookies, its own keep-alive
// connections, and its own client address: it connects from an address of its own in 127.0.0.0/8
// (Linux routes the whole range to the loopback), so the per-client rate limits of the API and the
// sandbox see many clients, as they would in a real rush; behind the balancer they see that address
// through X-Forwarded-For. No limit is raised.
//
// Arrivals are open-loop (supporter i starts at i × seconds ÷ supporters whatever the others are
// doing), and a supporter does not pause between steps: a pessimistic rush. What it reports: p50, p95
// and p99 per step, errors by step, status and reason, the pool's connections in use and waits read
// from each instance's /metrics during the run, and checks in the database afterwards (double charges,
// the sandbox's approved charges against paid orders, paid orders without a matching payment,
// pending attempts, redemptions beyond an offer's allowance, double taps that counted twice).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { portEnv, portsFrom, startApi, startServer, startStack, waitFor } from '../../scripts/stack.cjs';
import { BENCH_POSTGRES_URL, dropDatabase, postgresReachable, recreateDatabase } from './postgres';

/**
 * The rush's ports, beside every other stack (docs/configuration.md): the stack on 25080–25085, a
 * second API instance on 25086, the balancer on 25087.
 */
export const RUSH_PORTS = { ...portsFrom(25080), apiSecond: 25086, balancer: 25087 };

/** The demo's student Jordan Rivera's share link (/Order/Social/{socialGuid}) on fundraiser 1. */
const SOCIAL_GUID = '77777777-7777-4777-8777-777777777777';
const FUNDRAISER_ID = 1;
/** Cookie dough (a tub, $18.00) and the Digital Discount Card (a ticket, $25.00) of the demo data. */
const COOKIE_DOUGH = { itemId: 11, itemOptionId: 111 };
const DISCOUNT_CARD = { itemId: 43, itemOptionId: 431 };
/**
 * A holder's taps, in turn. The demo ticket's offers 1, 2 and 3 may be used 1, 5 and 3 times
 * (demo-data.json): six taps stay within every allowance (offer 2 three times, 3 twice, 1 once).
 */
const TAP_CYCLE = [2, 3, 2, 1, 3, 2];
const SANDBOX_KEY = 'sk_sandbox_local';
/** The goal of issue 36 for every page and call. */
export const P95_TARGET_MS = 300;
const REQUEST_TIMEOUT_MS = 30_000;

export interface RushOptions {
  supporters: number;
  redemptions: number;
  seconds: number;
  /** Runs, each on a fresh database: 1 (the API alone), 2 (two instances behind the balancer). */
  instances: number[];
}

interface Answer {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

interface Sample {
  step: string;
  ms: number;
  ok: boolean;
  status: number;
  reason?: string;
}

/** One virtual browser: its own address, connections and cookies. */
class Browser {
  private readonly agent: http.Agent;
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly address: string,
    /** Where its timings go; none during the setup. */
    public samples: Sample[] | undefined,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 6, localAddress: address });
  }

  close() {
    this.agent.destroy();
  }

  /** One request, timed as step `step` (not recorded without samples: the setup's). */
  async send(
    step: string,
    url: string,
    { method = 'GET', body, headers = {}, accept = 'application/json' }: SendOptions = {},
  ): Promise<Answer> {
    const started = performance.now();
    const answer = await this.request(url, method, body, headers, accept);
    const ms = performance.now() - started;
    const ok = answer.status >= 200 && answer.status < 300;
    this.samples?.push({ step, ms, ok, status: answer.status, reason: ok ? undefined : reasonOf(answer) });
    return answer;
  }

  /** Records a failure the answer's body tells (a 200 that says the step did not happen). */
  fail(step: string, reason: string) {
    const last = [...(this.samples ?? [])].reverse().find((sample) => sample.step === step && sample.ok);
    if (last) Object.assign(last, { ok: false, reason });
  }

  private request(
    url: string,
    method: string,
    body: unknown,
    headers: Record<string, string>,
    accept: string,
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve) => {
      const request = http.request(
        url,
        {
          method,
          agent: this.agent,
          localAddress: this.address,
          timeout: REQUEST_TIMEOUT_MS,
          headers: {
            accept,
            'accept-encoding': 'gzip, deflate, br',
            'user-agent': 'fu-bench-rush',
            ...(cookie ? { cookie } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            for (const set of response.headers['set-cookie'] ?? []) {
              const [pair] = set.split(';');
              const at = pair!.indexOf('=');
              if (at > 0) this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
            }
            resolve({
              status: response.statusCode ?? 0,
              text: decode(response.headers, Buffer.concat(chunks)),
              headers: response.headers,
            });
          });
          response.on('error', (error) => resolve({ status: 0, text: error.message, headers: {} }));
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
      request.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ status: 0, text: error.code ?? error.message, headers: {} }),
      );
      request.end(payload);
    });
  }
}

interface SendOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  accept?: string;
}

function decode(headers: http.IncomingHttpHeaders, body: Buffer): string {
  try {
    switch (headers['content-encoding']) {
      case 'gzip':
        return zlib.gunzipSync(body).toString();
      case 'br':
        return zlib.brotliDecompressSync(body).toString();
      case 'deflate':
        return zlib.inflateSync(body).toString();
      default:
        return body.toString();
    }
  } catch {
    return body.toString();
  }
}

const json = <T>(answer: Answer): T | undefined => {
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    return undefined;
  }
};

/** A failure's reason, short and without numbers that differ per request (order ids, guids). */
function reasonOf(answer: Answer): string {
  if (answer.status === 0) return answer.text;
  const body = json<{ message?: unknown; error?: unknown }>(answer);
  const text =
    typeof body?.message === 'string' ? body.message : typeof body?.error === 'string' ? body.error : answer.text;
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '{guid}')
    .replace(/\d+/g, 'N')
    .replace(/\s+/g, ' ')
    .slice(0, 100);
}

/** Client addresses: run r's supporter i at 127.(10+r).x.y, its wallet holders at 127.(40+r).x.y. */
const addressOf = (run: number, kind: 'supporter' | 'holder', i: number) =>
  `127.${(kind === 'supporter' ? 10 : 40) + run}.${Math.floor(i / 250) + 1}.${(i % 250) + 1}`;

/** A phone of its own per supporter (area 512, exchange 52x), so the per-phone text budgets are theirs. */
const phoneOf = (run: number, kind: 'supporter' | 'holder', i: number) =>
  `51252${String((run % 4) * 25_000 + (kind === 'holder' ? 20_000 : 0) + i).padStart(5, '0')}`;

const checkoutBody = (orderId: number, amount: number, token: string, phone: string, email: string) => ({
  orderId,
  supporterFirstName: 'Casey',
  supporterLastName: 'Morgan',
  supporterPhoneNumber: phone,
  donorEmail: email,
  country: 'United States',
  shippingAddress: '1 Main St',
  shippingCity: 'Austin',
  shippingState: 'TX',
  shippingZip: '78701',
  payment: {
    amount,
    firstName: 'Casey',
    lastName: 'Morgan',
    address1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    token,
  },
});

const CARD = {
  holderName: 'Casey Morgan',
  cardNumber: '4111111111111111',
  cvv: '123',
  expiryMonth: '12',
  expiryYear: '2030',
};

interface Sites {
  /** Where supporters send page and API requests: the API, or the balancer. */
  site: string;
  gateway: string;
}

/**
 * One supporter's journey from the share link to the receipt, as the pages make it. Resolves to the
 * paid order's id and receipt, or undefined where a step failed (recorded in the samples).
 */
async function supporterJourney(
  browser: Browser,
  { site, gateway }: Sites,
  who: { phone: string; email: string; ticket: boolean },
): Promise<{ orderId: number; ticketPurchaseGuid?: string } | undefined> {
  await browser.send('page /Order/Social/{code}', `${site}/Order/Social/${SOCIAL_GUID}`, { accept: 'text/html' });
  const [details] = await Promise.all([
    browser.send(
      'GET GetFundraiserDetailsForSocialMedia',
      `${site}/api/Fundraisers/GetFundraiserDetailsForSocialMedia?socialGuid=${SOCIAL_GUID}`,
    ),
    browser.send('POST IncrementSocialMediaEngagement', `${site}/api/Orders/IncrementSocialMediaEngagement`, {
      method: 'POST',
      body: { socialGuid: SOCIAL_GUID },
    }),
    browser.send(
      'GET GetOptionBundlesForFundraiser',
      `${site}/api/Fundraisers/GetOptionBundlesForFundraiser?fundraiserId=${FUNDRAISER_ID}`,
    ),
    browser.send('GET GetProgress', `${site}/api/Fundraisers/GetProgress?fundraiserId=${FUNDRAISER_ID}`),
  ]);
  const fundraiser = json<{ studentFirstName?: string; studentLastName?: string }>(details);
  const line = who.ticket ? DISCOUNT_CARD : COOKIE_DOUGH;
  const created = await browser.send('POST CreateOrder', `${site}/api/Orders/CreateOrder`, {
    method: 'POST',
    body: {
      fundraiserId: FUNDRAISER_ID,
      socialGuid: SOCIAL_GUID,
      studentFirstName: fundraiser?.studentFirstName ?? 'Jordan',
      studentLastName: fundraiser?.studentLastName ?? 'Rivera',
      fundraiserOrderItems: [
        { itemId: line.itemId, fundraiserOrderItemOptions: [{ itemOptionId: line.itemOptionId, qty: 1 }] },
      ],
    },
  });
  const orderId = json<number>(created);
  if (created.status !== 200 || typeof orderId !== 'number') return undefined;

  await browser.send('page /Checkout/{id}', `${site}/Checkout/${orderId}`, { accept: 'text/html' });
  const order = await browser.send('GET GetOrder', `${site}/api/Orders/GetOrder?orderId=${orderId}`);
  const total = json<{ orderTotal?: number }>(order)?.orderTotal;
  if (order.status !== 200 || typeof total !== 'number') return undefined;
  const tokenized = await browser.send('POST tokenize (sandbox)', `${gateway}/v1/card/tokenize`, {
    method: 'POST',
    body: CARD,
  });
  const token = json<{ token?: string }>(tokenized)?.token;
  if (tokenized.status !== 200 || !token) return undefined;
  const paid = await browser.send('POST ProcessOrder', `${site}/api/Orders/ProcessOrder`, {
    method: 'POST',
    body: checkoutBody(orderId, total, token, who.phone, who.email),
  });
  if (paid.status !== 200) return undefined;
  if (json(paid) !== 'success') {
    browser.fail('POST ProcessOrder', `200: ${String(json(paid) ?? paid.text).slice(0, 80)}`);
    return undefined;
  }
  const link = await browser.send('POST digitalReceipt', `${site}/api/donor/digitalReceipt/${orderId}`, {
    method: 'POST',
  });
  const receiptUrl = json<string>(link);
  if (link.status !== 200 || typeof receiptUrl !== 'string') return undefined;
  const { pathname, searchParams } = new URL(receiptUrl);
  await browser.send('page /Receipt/{id}', `${site}${pathname}?${searchParams}`, { accept: 'text/html' });
  const receipt = await browser.send(
    'GET GetReceipt',
    `${site}/api/Orders/GetReceipt?orderId=${orderId}&key=${encodeURIComponent(searchParams.get('key') ?? '')}`,
  );
  if (receipt.status !== 200) return undefined;
  return { orderId, ticketPurchaseGuid: json<{ ticketPurchaseGuid?: string }>(receipt)?.ticketPurchaseGuid };
}

interface Holder {
  browser: Browser;
  session: string;
  taps: number;
}

/**
 * A wallet holder made as a supporter makes one: a Digital Discount Card bought through the journey,
 * then "Use on This Phone" from the buying browser (UseTicketHere answers the RegisterDevice link
 * with its code) and Register This Device (RedeemLink binds the ticket to this browser).
 */
async function newHolder(run: number, i: number, sites: Sites, setupErrors: string[]): Promise<Holder | undefined> {
  const browser = new Browser(addressOf(run, 'holder', i), undefined);
  const failed = (why: string) => {
    setupErrors.push(why);
    browser.close();
    return undefined;
  };
  const bought = await supporterJourney(browser, sites, {
    phone: phoneOf(run, 'holder', i),
    email: `holder${i}@example.com`,
    ticket: true,
  });
  if (!bought?.ticketPurchaseGuid) return failed('buying the ticket');
  const purchase = json<{ tickets?: { guid: string }[] }>(
    await browser.send(
      'setup',
      `${sites.site}/api/Tickets/GetTicketPurchases?ticketPurchaseGuid=${bought.ticketPurchaseGuid}`,
    ),
  );
  const session = purchase?.tickets?.[0]?.guid;
  if (!session) return failed('GetTicketPurchases');
  const here = json<{ redirect?: string | null }>(
    await browser.send('setup', `${sites.site}/api/Tickets/UseTicketHere`, {
      method: 'POST',
      body: { ticketPurchaseGuid: bought.ticketPurchaseGuid, ticketPurchaseSessionGuid: session },
    }),
  );
  const code = /[?&]code=([^&]+)/.exec(here?.redirect ?? '')?.[1];
  if (!code) return failed(`UseTicketHere answered ${here?.redirect ?? 'no redirect'}`);
  const bound = await browser.send('setup', `${sites.site}/api/Tickets/RedeemLink`, {
    method: 'POST',
    body: { ticketPurchaseSessionGuid: session, code: decodeURIComponent(code) },
  });
  if (bound.status !== 200 || json<{ success?: boolean }>(bound)?.success === false)
    return failed(`RedeemLink ${bound.status} ${reasonOf(bound)}`);
  return { browser, session, taps: 0 };
}

interface TapRecord {
  key: string;
  double: boolean;
  /** Answers that said the redemption was made (200, success), the replay included. */
  succeeded: number;
}

/** One redemption at the counter: the wallet's status, the offer's details, then the tap (or a double tap). */
async function redeemOnce(holder: Holder, site: string, double: boolean): Promise<TapRecord> {
  const browser = holder.browser;
  const offerId = TAP_CYCLE[holder.taps++ % TAP_CYCLE.length]!;
  const session = holder.session;
  await browser.send(
    'wallet GET CheckSessionStatus',
    `${site}/api/Tickets/CheckSessionStatus?ticketPurchaseSessionGuid=${session}`,
  );
  await browser.send(
    'wallet GET GetTicketOfferDetails',
    `${site}/api/Tickets/GetTicketOfferDetails?ticketPurchaseSessionGuid=${session}&ticketOfferId=${offerId}`,
  );
  const key = randomUUID();
  const url = `${site}/api/Tickets/RedeemTicketPurchaseOffer?ticketPurchaseSessionGuid=${session}&ticketOfferId=${offerId}`;
  const tap = (step: string): Promise<number> =>
    browser.send(step, url, { method: 'POST', headers: { 'idempotency-key': key } }).then((answer) => {
      const body = json<{ success?: boolean; message?: string }>(answer);
      if (answer.status === 200 && body?.success === false) browser.fail(step, `200: ${reasonOf(answer)}`);
      return answer.status === 200 && body?.success !== false ? 1 : 0;
    });
  const answers = await Promise.all(
    double
      ? [tap('wallet POST RedeemTicketPurchaseOffer'), tap('wallet POST RedeemTicketPurchaseOffer (double tap)')]
      : [tap('wallet POST RedeemTicketPurchaseOffer')],
  );
  return { key, double, succeeded: answers.reduce((sum, n) => sum + n, 0) };
}

export interface StepStats {
  step: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

export interface PoolStats {
  instance: string;
  maxInUse: number;
  meanInUse: number;
  maxWaiting: number;
  /** Checkouts from the pool during the rush, and their waits. */
  checkouts: number;
  meanWaitMs: number;
  /** Upper bounds from the histogram's buckets. */
  p95WaitMs: number;
  p99WaitMs: number;
  /** Checkouts that waited longer than 10 ms. */
  waitedOver10Ms: number;
  poolSize?: number;
}

export interface Checks {
  paidOrders: number;
  approvedCharges: number;
  doubleCharges: number;
  chargesWithoutPaidOrder: number;
  paidWithoutPayment: number;
  pendingAttempts: number;
  redemptionRows: number;
  redemptionsBeyondAllowance: number;
  doubleTaps: number;
  doubleTapsCountedTwice: number;
  tapsAnsweredRedeemed: number;
}

export interface RushResult {
  instances: number;
  supporters: number;
  redemptions: number;
  seconds: number;
  /** From the first arrival to the last answer. */
  wallSeconds: number;
  /** The machine's 1-minute load average at the rush's start and end (other work on a shared machine shows here). */
  load: [number, number];
  cores: number;
  supportersPaid: number;
  holders: number;
  setupErrors: string[];
  steps: StepStats[];
  errors: { step: string; status: number; reason: string; count: number }[];
  pool: PoolStats[];
  checks: Checks;
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;

/** The table's rows in the order a supporter, then a wallet, makes the requests. */
const STEP_ORDER = [
  'page /Order/Social/{code}',
  'GET GetFundraiserDetailsForSocialMedia',
  'POST IncrementSocialMediaEngagement',
  'GET GetOptionBundlesForFundraiser',
  'GET GetProgress',
  'POST CreateOrder',
  'page /Checkout/{id}',
  'GET GetOrder',
  'POST tokenize (sandbox)',
  'POST ProcessOrder',
  'POST digitalReceipt',
  'page /Receipt/{id}',
  'GET GetReceipt',
  'wallet GET CheckSessionStatus',
  'wallet GET GetTicketOfferDetails',
  'wallet POST RedeemTicketPurchaseOffer',
  'wallet POST RedeemTicketPurchaseOffer (double tap)',
];

function stepStats(samples: Sample[]): StepStats[] {
  const byStep = new Map<string, Sample[]>();
  for (const sample of samples) {
    const list = byStep.get(sample.step) ?? [];
    list.push(sample);
    byStep.set(sample.step, list);
  }
  const order = (step: string) => {
    const i = STEP_ORDER.indexOf(step);
    return i < 0 ? STEP_ORDER.length : i;
  };
  return [...byStep]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([step, list]) => {
      const sorted = list.map((sample) => sample.ms).sort((a, b) => a - b);
      return {
        step,
        requests: list.length,
        p50: at(sorted, 0.5),
        p95: at(sorted, 0.95),
        p99: at(sorted, 0.99),
        errors: list.filter((sample) => !sample.ok).length,
      };
    });
}

function errorTable(samples: Sample[]) {
  const counts = new Map<string, { step: string; status: number; reason: string; count: number }>();
  for (const sample of samples.filter((s) => !s.ok)) {
    const reason = sample.reason ?? '';
    const key = `${sample.step}|${sample.status}|${reason}`;
    const entry = counts.get(key) ?? { step: sample.step, status: sample.status, reason, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count);
}

/** One series' value in Prometheus text (0 when absent). */
function metric(text: string, name: string, labels = ''): number {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name}${labels} `)) return Number(line.slice(name.length + labels.length + 1));
  }
  return 0;
}

/** The pool's wait histogram: cumulative count per upper bound (seconds), with sum and count. */
function waitHistogram(text: string) {
  const buckets: [number, number][] = [];
  for (const match of text.matchAll(/^db_pool_wait_seconds_bucket\{le="([^"]+)"\} (\S+)$/gm)) {
    buckets.push([match[1] === '+Inf' ? Infinity : Number(match[1]), Number(match[2])]);
  }
  return { buckets, sum: metric(text, 'db_pool_wait_seconds_sum'), count: metric(text, 'db_pool_wait_seconds_count') };
}

/** Reads /metrics of an instance every 500 ms while the rush runs. */
function watchPool(instance: string, base: string) {
  const inUse: number[] = [];
  const waiting: number[] = [];
  let first: ReturnType<typeof waitHistogram> | undefined;
  let last: ReturnType<typeof waitHistogram> | undefined;
  let stopped = false;
  const read = async () => {
    const response = await fetch(`${base}/metrics`).catch(() => undefined);
    if (!response?.ok) return;
    const text = await response.text();
    inUse.push(metric(text, 'db_pool_connections', '{state="in_use"}'));
    waiting.push(metric(text, 'db_pool_connections', '{state="waiting"}'));
    last = waitHistogram(text);
    first ??= last;
  };
  const loop = (async () => {
    while (!stopped) {
      await read();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await read();
  })();
  return {
    async stop(): Promise<PoolStats> {
      stopped = true;
      await loop;
      const count = (last?.count ?? 0) - (first?.count ?? 0);
      const delta = (last?.buckets ?? []).map(([le, n], i) => [le, n - (first?.buckets[i]?.[1] ?? 0)] as const);
      const bound = (p: number) => {
        const wanted = count * p;
        const bucket = delta.find(([, n]) => n >= wanted);
        return bucket ? bucket[0] * 1000 : 0;
      };
      const within10 = delta.find(([le]) => le === 0.01)?.[1] ?? count;
      return {
        instance,
        maxInUse: Math.max(0, ...inUse),
        meanInUse: inUse.length ? inUse.reduce((a, b) => a + b, 0) / inUse.length : 0,
        maxWaiting: Math.max(0, ...waiting),
        checkouts: count,
        meanWaitMs: count ? (((last?.sum ?? 0) - (first?.sum ?? 0)) / count) * 1000 : 0,
        p95WaitMs: bound(0.95),
        p99WaitMs: bound(0.99),
        waitedOver10Ms: count - within10,
      };
    },
  };
}

/** The sandbox's charges so far: idempotency key and status. */
async function sandboxCharges(gateway: string): Promise<{ idempotencyKey: string; status: string }[]> {
  const response = await fetch(`${gateway}/v1/charges`, { headers: { authorization: `Bearer ${SANDBOX_KEY}` } });
  return ((await response.json()) as { data: { idempotencyKey: string; status: string }[] }).data;
}

/**
 * The checks in the database (and the sandbox's record of charges) once the rush is over: the charges
 * asked for during the rush (`before`: the keys charged earlier, the warm-up's and the wallets'),
 * the orders made during it (ids from `firstOrderId`).
 */
async function checkDatabase(
  databaseUrl: string,
  gateway: string,
  taps: TapRecord[],
  firstOrderId: number,
  before: Set<string>,
): Promise<Checks> {
  const approvedKeys = (await sandboxCharges(gateway))
    .filter((charge) => charge.status === 'approved' && !before.has(charge.idempotencyKey))
    .map((charge) => charge.idempotencyKey);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (sql: string, values: unknown[] = []) =>
      Number(((await client.query(sql, values)).rows[0] as { n: string | number }).n);
    const paidOrders = await one(`select count(*) n from orders where status = 'paid' and id >= $1`, [firstOrderId]);
    const doubleCharges = await one(
      `select count(*) n from (select p.order_id from payments p where p.idempotency_key = any($1::text[])
         group by p.order_id having count(*) > 1) d`,
      [approvedKeys],
    );
    const chargesWithoutPaidOrder = await one(
      `select count(*) n from unnest($1::text[]) k(key)
         where not exists (select 1 from payments p join orders o on o.id = p.order_id
                           where p.idempotency_key = k.key and o.status = 'paid' and p.status = 'approved')`,
      [approvedKeys],
    );
    const paidWithoutPayment = await one(
      `select count(*) n from orders o where o.status = 'paid' and o.id >= $1 and not exists
         (select 1 from payments p where p.order_id = o.id and p.status = 'approved'
            and p.amount = o.order_total + o.covered_fee and p.idempotency_key = any($2::text[]))`,
      [firstOrderId, approvedKeys],
    );
    const pendingAttempts = await one(`select count(*) n from payments where status = 'pending'`);
    const redemptionRows = await one(
      `select count(*) n from offer_redemptions where idempotency_key = any($1::text[])`,
      [taps.map((tap) => tap.key)],
    );
    const redemptionsBeyondAllowance = await one(
      `select coalesce(sum(c.n - o.ticket_qty), 0) n from
         (select ticket_purchase_session_id, ticket_offer_id, count(*) n from offer_redemptions
            group by ticket_purchase_session_id, ticket_offer_id) c
         join ticket_offers o on o.id = c.ticket_offer_id where c.n > o.ticket_qty`,
    );
    const doubleKeys = taps.filter((tap) => tap.double).map((tap) => tap.key);
    const doubleTapsCountedTwice = await one(
      `select count(*) n from (select idempotency_key from offer_redemptions where idempotency_key = any($1::text[])
         group by idempotency_key having count(*) > 1) d`,
      [doubleKeys],
    );
    return {
      paidOrders,
      approvedCharges: approvedKeys.length,
      doubleCharges,
      chargesWithoutPaidOrder,
      paidWithoutPayment,
      pendingAttempts,
      redemptionRows,
      redemptionsBeyondAllowance,
      doubleTaps: doubleKeys.length,
      doubleTapsCountedTwice,
      tapsAnsweredRedeemed: taps.filter((tap) => tap.succeeded > 0).length,
    };
  } finally {
    await client.end();
  }
}

const sleepUntil = (time: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, time - performance.now())));

/** Runs `work(i)` for i < count, starting each at its time in an open loop over `seconds`. */
async function arrivals<T>(count: number, seconds: number, started: number, work: (i: number) => Promise<T>) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await sleepUntil(started + (i * seconds * 1000) / Math.max(1, count));
      return work(i);
    }),
  );
}

async function limited<T>(count: number, concurrency: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

/** One run: a fresh database, the stack with `instances` API instances, the wallets, the rush, the checks. */
async function runOnce(
  run: number,
  instances: number,
  options: RushOptions,
  log: (line: string) => void,
): Promise<RushResult> {
  const ports = RUSH_PORTS;
  const databaseUrl = await recreateDatabase('fu_rush');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fu-rush-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SANDBOX_SECRET_KEY: SANDBOX_KEY,
    // The reminder texts job stays off, as in the other benchmarks.
    REMINDER_INTERVAL_MINUTES: '0',
    // Two instances: the documented multi-instance settings (docs/operations.md): one Redis for the
    // per-client limits, and the balancer's address as the trusted proxy.
    ...(instances > 1
      ? { REDIS_URL: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379', TRUST_PROXY: '127.0.0.1' }
      : {}),
  };
  log(`rush ${instances} instance(s): starting the stack on ${ports.api}–${ports.gateway}`);
  const stack = startStack({ ports, env, outputFor: () => 'stderr' });
  const extra: ReturnType<typeof startServer>[] = [];
  try {
    await stack.ready();
    const bases = [`http://127.0.0.1:${ports.api}`];
    let site = bases[0]!;
    if (instances > 1) {
      const second = startApi({ port: ports.apiSecond, env: { ...env, ...portEnv(ports) }, output: 'stderr' });
      extra.push(second);
      await waitFor(`http://127.0.0.1:${ports.apiSecond}/api/health`, { server: second, timeoutMs: 180_000 });
      bases.push(`http://127.0.0.1:${ports.apiSecond}`);
      const balancer = startServer(
        'balancer',
        ['bench/src/balancer.ts', String(ports.balancer), String(ports.api), String(ports.apiSecond)],
        {
          output: 'stderr',
        },
      );
      extra.push(balancer);
      site = `http://127.0.0.1:${ports.balancer}`;
      await waitFor(`${site}/api/health`, { server: balancer, timeoutMs: 60_000 });
    }
    const sites: Sites = { site, gateway: `http://127.0.0.1:${ports.gateway}` };

    // Warm-up: one journey on each instance, so first-query and JIT costs stay out of the figures.
    for (const base of bases) {
      const warm = new Browser('127.0.0.1', undefined);
      await supporterJourney(
        warm,
        { ...sites, site: base },
        { phone: '5125559990', email: 'warm@example.com', ticket: false },
      );
      warm.close();
    }

    const holderCount = options.redemptions > 0 ? Math.ceil(options.redemptions / TAP_CYCLE.length) : 0;
    log(`rush ${instances} instance(s): buying and binding ${holderCount} wallet tickets (not timed)`);
    const setupErrors: string[] = [];
    const holders = (await limited(holderCount, 8, (i) => newHolder(run, i, sites, setupErrors))).filter(
      (holder): holder is Holder => holder !== undefined,
    );
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const firstOrderId =
      Number(((await client.query('select coalesce(max(id), 0) + 1 n from orders')).rows[0] as { n: string }).n) || 1;
    await client.end();
    const chargedBefore = new Set((await sandboxCharges(sites.gateway)).map((charge) => charge.idempotencyKey));

    log(
      `rush ${instances} instance(s): ${options.supporters} supporters and ${options.redemptions} redemptions in ${options.seconds} s`,
    );
    const samples: Sample[] = [];
    for (const holder of holders) holder.browser.samples = samples;
    const watchers = bases.map((base, i) => watchPool(`instance ${i + 1}`, base));
    const loadAtStart = loadavg()[0]!;
    const started = performance.now() + 200;
    const browsers: Browser[] = [];
    const [paid, taps] = await Promise.all([
      arrivals(options.supporters, options.seconds, started, async (i) => {
        const browser = new Browser(addressOf(run, 'supporter', i), samples);
        browsers.push(browser);
        const result = await supporterJourney(browser, sites, {
          phone: phoneOf(run, 'supporter', i),
          email: `supporter${i}@example.com`,
          ticket: false,
        });
        browser.close();
        return result;
      }),
      holders.length
        ? arrivals(options.redemptions, options.seconds, started, (j) =>
            redeemOnce(holders[j % holders.length]!, site, (j + 1) % 10 === 0),
          )
        : Promise.resolve([] as TapRecord[]),
    ]);
    const wallSeconds = (performance.now() - started) / 1000;
    const pool = await Promise.all(watchers.map((watcher) => watcher.stop()));
    for (const holder of holders) holder.browser.close();
    for (const browser of browsers) browser.close();

    log(`rush ${instances} instance(s): checking the database`);
    const checks = await checkDatabase(databaseUrl, sites.gateway, taps, firstOrderId, chargedBefore);
    return {
      instances,
      supporters: options.supporters,
      redemptions: options.redemptions,
      seconds: options.seconds,
      wallSeconds,
      load: [loadAtStart, loadavg()[0]!],
      cores: cpus().length,
      supportersPaid: paid.filter(Boolean).length,
      holders: holders.length,
      setupErrors,
      steps: stepStats(samples),
      errors: errorTable(samples),
      pool,
      checks,
    };
  } finally {
    for (const server of extra.reverse()) await server.stop();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every run of `options.instances`, one after the other, each on a fresh `fu_rush` database. */
export async function runRush(options: RushOptions, log: (line: string) => void = console.log): Promise<RushResult[]> {
  const results: RushResult[] = [];
  try {
    for (const [run, instances] of options.instances.entries())
      results.push(await runOnce(run + 1, instances, options, log));
  } finally {
    await dropDatabase('fu_rush').catch(() => undefined);
  }
  return results;
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
/** A bucket's upper bound: past the last one (5 s, where a checkout gives up), only "over" is known. */
const bound = (value: number) => (Number.isFinite(value) ? ms(value) : '> 5000');
const mark = (met: boolean) => (met ? 'met' : '**NOT met**');

/** The rush's section of bench/RESULTS.md, or what rushMain prints. */
export function rushMarkdown(results: RushResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    const setup =
      r.instances > 1
        ? `two API instances behind the balancer (bench/src/balancer.ts; TRUST_PROXY, REDIS_URL)`
        : `one API instance`;
    const allMet = r.steps.every((step) => step.p95 <= P95_TARGET_MS);
    const errors = r.steps.reduce((sum, step) => sum + step.errors, 0);
    const c = r.checks;
    lines.push(
      `### Rush: ${setup}, PostgreSQL, payment sandbox`,
      ``,
      `${r.supporters} supporters arriving within ${r.seconds} s on a student's share link (journey without pauses), ${r.redemptions} redemptions in the same ${r.seconds} s on ${r.holders} wallets (every 10th a double tap). Last answer ${r.wallSeconds.toFixed(1)} s after the first arrival; ${r.supportersPaid} of ${r.supporters} supporters paid and saw their receipt. Load generator, balancer, instances, sandbox, remotes and PostgreSQL share ${r.cores} cores; 1-minute load average ${r.load[0].toFixed(1)} at the start, ${r.load[1].toFixed(1)} at the end.`,
      ``,
      `| step | requests | p50 ms | p95 ms | p99 ms | errors | p95 ≤ ${P95_TARGET_MS} ms |`,
      `| --- | --- | --- | --- | --- | --- | --- |`,
      ...r.steps.map(
        (s) =>
          `| ${s.step} | ${s.requests} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${s.errors} | ${mark(s.p95 <= P95_TARGET_MS)} |`,
      ),
      ``,
      `Goal p95 ≤ ${P95_TARGET_MS} ms on every page and call: ${mark(allMet)}. Errors: ${errors} (goal 0: ${mark(errors === 0)}).`,
      ``,
    );
    if (r.errors.length) {
      lines.push(
        `| errors: step | status | reason | count |`,
        `| --- | --- | --- | --- |`,
        ...r.errors
          .slice(0, 20)
          .map((e) => `| ${e.step} | ${e.status || 'no answer'} | ${e.reason.replace(/\|/g, '\\|')} | ${e.count} |`),
        ...(r.errors.length > 20 ? [`| … ${r.errors.length - 20} more kinds | | | |`] : []),
        ``,
      );
    }
    lines.push(
      `| PostgreSQL pool (from /metrics every 0.5 s) | connections in use: max / mean | waiting: max | checkouts | wait mean ms | wait p95 / p99 ms (bucket bound) | waited > 10 ms |`,
      `| --- | --- | --- | --- | --- | --- | --- |`,
      ...r.pool.map(
        (p) =>
          `| ${p.instance} | ${p.maxInUse} / ${p.meanInUse.toFixed(1)} | ${p.maxWaiting} | ${p.checkouts} | ${ms(p.meanWaitMs)} | ${bound(p.p95WaitMs)} / ${bound(p.p99WaitMs)} | ${p.waitedOver10Ms} |`,
      ),
      ``,
      `Checks in the database afterwards: paid orders ${c.paidOrders}, approved sandbox charges ${c.approvedCharges} (both counted from the rush's start: the warm-up's and the wallets' purchases are not in them); double charges ${c.doubleCharges}; approved charges without a paid order ${c.chargesWithoutPaidOrder}; paid orders without a matching approved payment ${c.paidWithoutPayment}; pending payment attempts ${c.pendingAttempts}; redemptions recorded ${c.redemptionRows} for ${c.tapsAnsweredRedeemed} taps answered redeemed; redemptions beyond an offer's allowance ${c.redemptionsBeyondAllowance}; double taps ${c.doubleTaps}, counted twice ${c.doubleTapsCountedTwice}. ${mark(
        c.doubleCharges === 0 &&
          c.chargesWithoutPaidOrder === 0 &&
          c.paidWithoutPayment === 0 &&
          c.pendingAttempts === 0 &&
          c.redemptionsBeyondAllowance === 0 &&
          c.doubleTapsCountedTwice === 0 &&
          c.redemptionRows === c.tapsAnsweredRedeemed,
      )} (no double charge or redemption, every charge with its paid order). Checked right after the last answer: a charge whose ProcessOrder failed after the gateway approved it stays a pending attempt until payment recovery settles it (\`PAYMENT_RECOVERY_SECONDS\`, once the attempt is stale); a redemption recorded whose answer was lost (503, no answer) counts as recorded but not as answered, and the wallet's retry with the same key would be replayed, not counted again.`,
      ...(r.setupErrors.length
        ? [
            ``,
            `Wallet setup failures: ${r.setupErrors.length} (${[...new Set(r.setupErrors)].slice(0, 5).join('; ')}).`,
          ]
        : []),
      ``,
    );
  }
  return lines.join('\n');
}

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
};

/**
 * The "Rush" section for bench/RESULTS.md (bench/src/index.ts): sizes from BENCH_RUSH_SUPPORTERS
 * (2000), BENCH_RUSH_REDEMPTIONS (500) and BENCH_RUSH_SECONDS (60); skipped without PostgreSQL.
 */
export async function rushSection(log: (line: string) => void = console.log): Promise<string> {
  const reachable = await postgresReachable();
  if (!reachable.ok) return `## Rush\n\nskipped: no PostgreSQL answers at ${BENCH_POSTGRES_URL} (${reachable.why}).\n`;
  const results = await runRush(
    {
      supporters: Math.round(envNumber('BENCH_RUSH_SUPPORTERS', 2000)),
      redemptions: Math.round(envNumber('BENCH_RUSH_REDEMPTIONS', 500)),
      seconds: envNumber('BENCH_RUSH_SECONDS', 60),
      instances: [1, 2],
    },
    log,
  );
  return `## Rush (issue 36)\n\n${rushMarkdown(results)}`;
}
