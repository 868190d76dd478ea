// Prometheus metrics of this process (GET /metrics, platform/plugins/metrics.ts). One registry per
// process, as Prometheus scrapes each instance on its own; several apps built in one process (tests)
// add to the same counters. Labels are fixed vocabularies and route patterns, never a URL, phone,
// e-mail or order number: a label value that a visitor can choose would be personal data and an
// unbounded number of series.
import type { RemoteName } from '@fu/shared/remotes';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();

let defaultsCollected = false;
/** Process metrics (CPU, memory, event loop lag, GC), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry });
}

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from receiving a request to answering it, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
  registers: [registry],
});

/**
 * What became of a card charge: `approved`/`declined` as the gateway answered the request,
 * `gateway_error` when it did not answer (the attempt stays recoverable), and recovery's verdicts
 * on attempts whose answer was lost: `recovered_approved`, `recovered_declined`, `abandoned`.
 */
export type PaymentOutcome =
  'approved' | 'declined' | 'gateway_error' | 'recovered_approved' | 'recovered_declined' | 'abandoned';

/** A counter by `outcome` and its function; a count of 0 (a retry pass that did nothing) adds nothing. */
function outcomeCounter<Outcome extends string>(name: string, help: string) {
  const counter = new Counter({ name, help, labelNames: ['outcome'] as const, registers: [registry] });
  return (outcome: Outcome, count = 1): void => {
    if (count > 0) counter.inc({ outcome }, count);
  };
}

export const recordPayment = outcomeCounter<PaymentOutcome>(
  'payments_total',
  'Card charges by outcome (approved, declined, gateway_error; recovered_approved, recovered_declined, abandoned by recovery).',
);

/**
 * `sent`; `failed` when the provider refused or did not answer; `budget_exceeded` when the phone's
 * daily budget said no; `daily_cap` when the site's daily cap kept it from the provider (held for
 * the next day, or withheld); `outside_us_canada` when its number is not a US or Canadian one (never
 * sent); `opted_out` when its phone replied STOP (issue 34; never sent); `given_up` when a failed text has had its last retry (for the retry job); `recovered` when
 * the retry job took up a text a dead process left queued (then counted again as sent, failed or
 * given up).
 */
export type TextOutcome =
  'sent' | 'failed' | 'budget_exceeded' | 'daily_cap' | 'outside_us_canada' | 'opted_out' | 'given_up' | 'recovered';

export const recordText = outcomeCounter<TextOutcome>(
  'texts_total',
  'Text messages by outcome (sent, failed, budget_exceeded, daily_cap, outside_us_canada, opted_out: the phone replied STOP, given_up; recovered: left queued by a dead process).',
);

const dailyCapReached = new Counter({
  name: 'sms_daily_cap_reached_total',
  help: 'Tries of a text the site-wide daily cap (SMS_DAILY_CAP) kept from the SMS provider: held until the next UTC day, or withheld (ticket links, phone confirmations). Above 0: the cap was reached today.',
  registers: [registry],
});

/** Counts one try of a text the daily cap kept from the provider (messaging/sms/dailyCap.ts). */
export function recordDailyCapReached(): void {
  dailyCapReached.inc();
}

/**
 * `sent`; `failed` when the mail server refused it or did not answer; `given_up` when a failed
 * e-mail has had its last retry (for the retry job); `recovered` when the retry job took up a message
 * a dead process left queued; `over_budget` when its address or student page had its e-mails for
 * the day. A message whose dedupe key was stored already is not sent again, and not counted.
 */
export type EmailOutcome = 'sent' | 'failed' | 'given_up' | 'recovered' | 'over_budget';

export const recordEmail = outcomeCounter<EmailOutcome>(
  'emails_total',
  'E-mails by outcome (sent, failed, given_up; recovered: left queued by a dead process; over_budget: not sent, its address or student page had its e-mails for the day).',
);

/** The stored messages of each channel that wait longer than they should (messaging/plugins/outboxHealth.ts). */
export type OverdueMessages = Record<'sms' | 'email', number>;

let overdueMessages: (() => Promise<OverdueMessages>) | undefined;

new Gauge({
  name: 'outbox_overdue_messages',
  help: 'Texts and e-mails waiting longer than they should: queued by a process that died, or failed and past their next try, for over two retry intervals. Above 0 for long: the retry job is off or failing.',
  labelNames: ['channel'] as const,
  registers: [registry],
  async collect() {
    if (!overdueMessages) return;
    try {
      const counts = await overdueMessages();
      for (const [channel, count] of Object.entries(counts)) this.set({ channel }, count);
    } catch {
      // The database is away (GET /api/ready says so): the gauge keeps what it last read.
    }
  },
});

/** Where the gauge reads its counts at each scrape; the function returned stops it. */
export function countOverdueMessagesWith(source: () => Promise<OverdueMessages>): () => void {
  overdueMessages = source;
  return () => {
    if (overdueMessages === source) overdueMessages = undefined;
  };
}

/** `ran`, `failed` (it threw), or `skipped` (another instance held the job's lock). */
export type JobOutcome = 'ran' | 'failed' | 'skipped';

const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Background job passes (reminders, payment recovery, text and e-mail retries, browser log pruning) by job and outcome.',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

/** Counts one pass of a background job; `job` is a fixed name such as 'reminders' or 'payment_recovery'. */
export function recordJobRun(job: string, outcome: JobOutcome): void {
  jobRuns.inc({ job, outcome });
}

/**
 * What `browser_errors_total` may say an error came from: a remote of shared/src/remotes.json,
 * 'shell', or 'unknown' for a name the page sent that is neither (or none at all: an old client).
 */
export type BrowserErrorSource = RemoteName | 'shell' | 'unknown';

/**
 * What it may say of the release: a version the server knows for that remote ('unreleased', the
 * remote's configured build, always is), 'other' for a version it does not know (a visitor can send
 * any), and 'none' when the page named no version (the shell's own errors, old clients).
 */
export const BROWSER_ERROR_OTHER_VERSION = 'other';
export const BROWSER_ERROR_NO_VERSION = 'none';

const browserErrors = new Counter({
  name: 'browser_errors_total',
  help: "Errors browsers reported (Logger/Log, level 4 and up) by remote and release version: a canary's rate against the stable one.",
  labelNames: ['remote', 'version'] as const,
  registers: [registry],
});

/** Counts one error a browser reported; the caller has bounded both labels (browserLogs/routes/logger). */
export function recordBrowserError(remote: BrowserErrorSource, version: string): void {
  browserErrors.inc({ remote, version });
}

/** What a pool can say of its connections at a scrape: pg.Pool's own counts. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The PostgreSQL pools of this process (one per app; tests build several), summed at each scrape. */
const pools = new Set<PoolCounts>();

new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool connections: in_use (checked out), idle (open, free), waiting (requests queued for a free connection). in_use at the pool size with waiting above 0: requests wait for the database.',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let inUse = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      inUse += pool.totalCount - pool.idleCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'in_use' }, inUse);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

const poolWait = new Histogram({
  name: 'db_pool_wait_seconds',
  help: 'Time a query or transaction waited for a PostgreSQL pool connection (checked out, a new connection opened, or failed to).',
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** Counts `pool` in db_pool_connections until the function returned is called (the pool's end). */
export function watchPool(pool: PoolCounts): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

/** One checkout's wait for a pool connection. */
export function recordPoolWait(seconds: number): void {
  poolWait.observe(seconds);
}
