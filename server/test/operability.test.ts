// What an operator's tools see: liveness and readiness for the load balancer, Prometheus metrics
// (open in development, behind a token or absent in production), and one log line per request.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/platform/config/config';
import type { DatabaseHandle } from '../src/platform/db/client';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { recordJobRun } from '../src/platform/http/metrics';
import type { PaymentGateway } from '../src/payments/gateway/gateway';
import { notReadyMessage } from '../src/platform/routes/health';
import { requestForLog } from '../src/platform/plugins/requestLog';
import { SmsSendError, type SmsProvider } from '../src/messaging/sms';
import { smsOutboxRepository } from '../src/messaging/repositories/smsOutbox';
import { outboxSmsProvider } from '../src/messaging/sms/outboxProvider';
import { approvingGateway, browserOf, freshDatabase } from './helpers';
import { cardCheckout, newOrderBody } from './fixtures';
import { eventually, multiInstanceSkip, TEST_REDIS_URL, uniqueRedisPrefix } from './multiInstance';
import { sample, scrape as scrapeMetrics } from './prometheus';

const DECLINE = 'tok_decline';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const PHONE = '5125550188';
const EMAIL = 'casey@example.com';

/** Approves every card but one token, which it declines. */
const gateway: PaymentGateway = {
  ...approvingGateway,
  charge: async (request) =>
    request.token === DECLINE
      ? { status: 'declined', message: 'Your card was declined.' }
      : approvingGateway.charge(request),
};

/** The outbox, except that texts to 5125550199 fail as a provider's refusal would. */
const smsFor = (database: DatabaseHandle): SmsProvider => {
  const outbox = outboxSmsProvider(smsOutboxRepository(database.db));
  return {
    kind: 'outbox',
    send: async (message) => {
      if (message.to === '5125550199') throw new SmsSendError('the provider refused it');
      return outbox.send(message);
    },
  };
};

interface Started {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Every log line written so far, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/** The whole app on its own fresh database (with the demo data unless `demo: false`), its log lines collected. */
async function start(
  config: Partial<Config> = {},
  options: { closeOnce?: boolean; demo?: boolean } = {},
): Promise<Started> {
  const fresh = await freshDatabase();
  let closed = false;
  // The readiness test closes the handle under the running app, which closes it again on stop.
  const database: DatabaseHandle = options.closeOnce
    ? { ...fresh, close: async () => void (closed || ((closed = true), await fresh.close())) }
    : fresh;
  if (options.demo !== false) await importData(database.db, readDemoData());
  const logs: Record<string, unknown>[] = [];
  const app = await buildApp({
    config: testConfig(config),
    database,
    gateway,
    sms: smsFor(database),
    logStream: { write: (line) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await app.ready();
  return {
    app,
    database,
    logs,
    close: async () => {
      await app.close();
      await fresh.drop();
    },
  };
}

describe('liveness, readiness, metrics and request logs', () => {
  let s: Started;
  const scrape = () => scrapeMetrics(s.app);

  before(async () => {
    s = await start({
      logRequests: true,
      logLevel: 'info',
      metricsToken: undefined,
      rateLimits: { ...testConfig().rateLimits, smsPerPhonePerDay: 1 },
    });
  });
  after(() => s.close());

  it('GET /api/health answers 200 while the process runs; /api/ready 200 while the database answers', async () => {
    const health = await s.app.inject('/api/health');
    assert.equal(health.statusCode, 200, health.body);
    assert.deepEqual(health.json(), { status: 'ok', database: s.database.kind });
    const ready = await s.app.inject('/api/ready');
    assert.equal(ready.statusCode, 200, ready.body);
    assert.deepEqual(ready.json(), { status: 'ready' });
    assert.equal(ready.headers['cache-control'], 'no-store');
  });

  it('metrics count a request by its route pattern and status, never its URL', async () => {
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/Fundraisers/ListActiveStates', status: '200' };
    const url = `/api/Fundraisers/ListActiveStates?itemId=0&phone=${PHONE}`;
    assert.equal((await s.app.inject(url)).statusCode, 200);
    assert.equal((await s.app.inject(`/no/such/page/${PHONE}.js`)).statusCode, 404);
    let after = '';
    assert.ok(
      await eventually(async () => {
        after = await scrape();
        return sample(after, 'http_requests_total', labels) === sample(before, 'http_requests_total', labels) + 1;
      }, 5_000),
      'http_requests_total counted the request once',
    );
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    assert.equal(sample(after, 'http_requests_total', unmatched), sample(before, 'http_requests_total', unmatched) + 1);
    assert.ok(sample(after, 'http_request_duration_seconds_count', labels) >= 1);
    assert.ok(!after.includes(PHONE), 'no URL or query string reaches a label');
    assert.match(after, /^process_cpu_user_seconds_total /m, 'default process metrics');
  });

  it('metrics count card payments by outcome', async () => {
    const before = await scrape();
    const browser = browserOf(s.app);
    for (const token of [DECLINE, 'tok_good']) {
      const orderId = (
        await browser({ method: 'POST', url: '/api/Orders/CreateOrder', payload: newOrderBody() })
      ).json();
      const paid = await browser({
        method: 'POST',
        url: '/api/Orders/ProcessOrder',
        payload: cardCheckout(orderId, token),
      });
      assert.equal(paid.statusCode, 200, paid.body);
    }
    const after = await scrape();
    for (const outcome of ['approved', 'declined']) {
      assert.equal(
        sample(after, 'payments_total', { outcome }),
        sample(before, 'payments_total', { outcome }) + 1,
        outcome,
      );
    }
    assert.ok(!after.includes(EMAIL) && !after.includes(PHONE));
  });

  it('metrics count texts by outcome: sent, refused by the phone budget, failed at the provider', async () => {
    const before = await scrape();
    await s.app.sms.send({ to: '5125550177', body: 'one' });
    await assert.rejects(s.app.sms.send({ to: '5125550177', body: 'over the budget of one a day' }));
    assert.equal(await s.app.sms.reserve('5125550177'), undefined);
    await assert.rejects(s.app.sms.send({ to: '5125550199', body: 'refused' }), SmsSendError);
    const after = await scrape();
    const counted = (outcome: string) =>
      sample(after, 'texts_total', { outcome }) - sample(before, 'texts_total', { outcome });
    assert.deepEqual(
      { sent: counted('sent'), budget: counted('budget_exceeded'), failed: counted('failed') },
      { sent: 1, budget: 2, failed: 1 },
    );
  });

  it('metrics count job runs by job and outcome, as the jobs run them', async () => {
    const before = await scrape();
    await s.app.runReminderPass();
    await s.app.runReminderPass();
    await s.app.recoverPayments();
    await s.app.retryTexts();
    recordJobRun('payment_recovery', 'failed');
    const after = await scrape();
    const runs = (job: string, outcome: string) =>
      sample(after, 'job_runs_total', { job, outcome }) - sample(before, 'job_runs_total', { job, outcome });
    assert.equal(runs('reminders', 'ran'), 2);
    assert.equal(runs('payment_recovery', 'ran'), 1);
    assert.equal(runs('sms_retry', 'ran'), 1);
    assert.equal(runs('payment_recovery', 'failed'), 1);
  });

  it('logs one line per request with its id, method, route pattern, status and time, and no query string', async () => {
    const id = 'req-operability-1';
    const url = `/api/Fundraisers/ListActiveStates?itemId=0&email=${EMAIL}`;
    assert.equal((await s.app.inject({ url, headers: { 'x-request-id': id } })).headers['x-request-id'], id);
    let line: Record<string, unknown> | undefined;
    assert.ok(
      await eventually(async () => {
        line = s.logs.find((entry) => entry.reqId === id && entry.msg === 'request done');
        return line !== undefined;
      }, 5_000),
      'the request was logged',
    );
    assert.equal(line!.method, 'GET');
    assert.equal(line!.route, '/api/Fundraisers/ListActiveStates');
    assert.equal(line!.status, 200);
    assert.equal(typeof line!.ms, 'number');
    const mine = s.logs.filter((entry) => entry.reqId === id);
    assert.equal(mine.filter((entry) => entry.msg === 'request done').length, 1, 'one line, not two');
    const all = JSON.stringify(s.logs);
    assert.ok(!all.includes(EMAIL) && !all.includes('?itemId'), 'no query string in any log line');
  });

  it("logs a parent's consent link without its token (a secret in the path)", () => {
    const logged = (url: string) => requestForLog({ method: 'GET', url, ip: '203.0.113.9' } as FastifyRequest).url;
    assert.equal(logged('/ParentConsent/s3cr3t-t0ken?x=1'), '/ParentConsent/…');
    assert.equal(logged('/parentconsent/s3cr3t-t0ken/'), '/parentconsent/…/');
    assert.equal(
      logged('/Fundraiser/11111111-1111-4111-8111-111111111111?confirm=abc'),
      '/Fundraiser/11111111-1111-4111-8111-111111111111',
    );
  });
});

describe('readiness while a dependency is down', () => {
  let s: Started;
  before(async () => {
    s = await start({}, { closeOnce: true, demo: false });
  });
  after(() => s.close());

  it('answers 503 naming what does not answer, never why (the log has that)', async () => {
    s.app.addReadinessCheck('redis', async () => {
      throw new Error('connect ECONNREFUSED 10.1.2.3:6379');
    });
    const redisDown = await s.app.inject('/api/ready');
    assert.equal(redisDown.statusCode, 503, redisDown.body);
    assert.deepEqual(redisDown.json(), { status: 'unavailable', message: notReadyMessage(['redis']), down: ['redis'] });
    assert.equal(redisDown.json().message, 'Not ready: redis is not answering.');
    assert.ok(!redisDown.body.includes('10.1.2.3'));
    assert.ok(redisDown.headers['retry-after']);

    await s.database.close();
    const bothDown = await s.app.inject('/api/ready');
    assert.equal(bothDown.statusCode, 503);
    assert.deepEqual(bothDown.json().down, ['database', 'redis']);
    assert.equal(bothDown.json().message, 'Not ready: database, redis are not answering.');
    // Liveness asks nothing: the process still runs, and restarting it would not bring the database back.
    assert.equal((await s.app.inject('/api/health')).statusCode, 200);
  });

  it('a check that hangs counts as down after its time limit', async () => {
    s.app.addReadinessCheck('hangs', () => new Promise(() => {}));
    const started = Date.now();
    const failed = await s.app.unreadyDependencies(100);
    assert.ok(failed.some(({ name }) => name === 'hangs'));
    assert.ok(Date.now() - started < 2_000);
  });

  it('refuses a second check with the same name', () => {
    assert.throws(() => s.app.addReadinessCheck('database', async () => {}), /already registered/);
  });
});

describe('readiness with REDIS_URL set', () => {
  it('is not ready while the configured Redis does not answer, and names it', async () => {
    // Port 1 on loopback: nothing listens, so the connection is refused at once.
    const s = await start({ redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: uniqueRedisPrefix() }, { demo: false });
    try {
      const ready = await s.app.inject('/api/ready');
      assert.equal(ready.statusCode, 503, ready.body);
      assert.deepEqual(ready.json().down, ['redis']);
      assert.equal((await s.app.inject('/api/health')).statusCode, 200);
    } finally {
      await s.close();
    }
  });

  it('is ready when the configured Redis answers', async (t) => {
    if (await multiInstanceSkip()) return t.skip('needs PostgreSQL and Redis (the multi-instance services)');
    const s = await start({ redisUrl: TEST_REDIS_URL, redisKeyPrefix: uniqueRedisPrefix() }, { demo: false });
    try {
      const ready = await s.app.inject('/api/ready');
      assert.equal(ready.statusCode, 200, ready.body);
    } finally {
      await s.close();
    }
  });
});

describe('who may read /metrics', () => {
  it('with METRICS_TOKEN set, only a request bearing it, scheme in any case (in production or not)', async () => {
    for (const production of [false, true]) {
      const s = await start({ metricsToken: METRICS_TOKEN, production }, { demo: false });
      try {
        for (const authorization of [undefined, 'Bearer wrong', `Bearer ${METRICS_TOKEN}x`, METRICS_TOKEN]) {
          const response = await s.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
          assert.equal(response.statusCode, 401, `${production} ${authorization}`);
          assert.ok(!response.body.includes('http_requests_total'));
        }
        // The scheme is case-insensitive (RFC 7235 section 2.1).
        for (const scheme of ['bearer', 'BEARER']) {
          const response = await s.app.inject({
            url: '/metrics',
            headers: { authorization: `${scheme} ${METRICS_TOKEN}` },
          });
          assert.equal(response.statusCode, 200, `${production} ${scheme}`);
        }
        const allowed = await s.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        assert.equal(allowed.statusCode, 200);
        assert.match(allowed.body, /# TYPE http_requests_total counter/);
        assert.match(String(allowed.headers['content-type']), /^text\/plain/);
      } finally {
        await s.close();
      }
    }
  });

  it('without a token: open outside production, 404 in production', async () => {
    const s = await start({ production: true, metricsToken: undefined }, { demo: false });
    try {
      const response = await s.app.inject('/metrics');
      assert.equal(response.statusCode, 404);
      assert.ok(!response.body.includes('http_requests_total'));
    } finally {
      await s.close();
    }
  });
});
