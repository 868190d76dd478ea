// Issue 30: a message in flight when the process dies is still sent, once. The real API process
// pays orders whose receipt e-mail and tickets text are being sent when it is killed with SIGKILL:
// the mail server and the SMS endpoint took each message and never answered, so the process had
// claimed each one (queued, under its lease) and was waiting on the provider. It then starts again
// on the same data, as two instances on PostgreSQL (one on PGlite, which one process owns), and
// every e-mail and text must arrive exactly once, at the first retry passes once their lease has run
// out. The test does not wait out the lease: it moves the leases' end to now in the database, whose
// clock decides, as the lease's minute passing would.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/client';
import { emailOutbox, smsOutbox } from '../src/platform/db/schema';
import { BROWSER_KEY_COOKIE } from '../src/platform/plugins/browserKey';
import { buildSandbox } from '../src/payments/sandbox/app';
import { cardCheckout, newOrderBody, orderItems, tokenizeCard } from './fixtures';
import { emptyDatabase } from './multiInstance';
import { freePort, killHard, startProcess, waitFor, type Proc } from './processes';
import { smsEndpoint } from './smsEndpoint';
import { smtpTestServer } from './smtpServer';

const SECRET = 'sk_outbox_kill_test';
const ORDERS = 3;
const STARTUP_MS = 180_000;
/** One tub of cookie dough and the digital discount card (a ticket, so a tickets text): $43.00. */
const LINES = orderItems([
  { itemId: 11, itemOptionId: 111, qty: 1 },
  { itemId: 43, itemOptionId: 431, qty: 1 },
]);
const TOTAL = 1800 + 2500;

const smtp = smtpTestServer();
const sms = smsEndpoint();
const dataDir = mkdtempSync(path.join(tmpdir(), 'fu-outbox-kill-'));
let sandbox: FastifyInstance | undefined;
let database: { url: string; drop(): Promise<void> } | undefined;
const apis: Proc[] = [];

before(async () => {
  await Promise.all([smtp.start(), sms.start()]);
  sandbox = await buildSandbox({ secretKey: SECRET, tokenizePerMinute: 100_000 });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  if (process.env.DATABASE_URL) database = await emptyDatabase('fu_outbox_kill');
});

after(async () => {
  for (const api of apis) await killHard(api);
  await sandbox?.close();
  await Promise.all([smtp.stop(), sms.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

const gatewayUrl = () => `http://127.0.0.1:${(sandbox!.server.address() as { port: number }).port}`;

/** An API process on the test's database, its providers and a short lease; its base URL. */
async function startApi(seed: boolean): Promise<{ api: Proc; url: string }> {
  const port = await freePort();
  const api = startProcess('server/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    SHELL_DIST: path.join(dataDir, 'no-shell'),
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
    SEED_DEMO: String(seed),
    LOG_LEVEL: 'warn',
    PAYMENT_GATEWAY_URL: gatewayUrl(),
    SANDBOX_SECRET_KEY: SECRET,
    SMTP_URL: smtp.url(),
    EMAIL_FROM: 'Kill test <receipts@kill.example>',
    SMS_HTTP_URL: sms.url(),
    SMS_RETRY_INTERVAL_SECONDS: '1',
    SMS_RETRY_FIRST_DELAY_SECONDS: '1',
    REMINDER_INTERVAL_MINUTES: '0',
    RATE_LIMIT_PROCESS: '100000',
  });
  apis.push(api);
  const url = `http://127.0.0.1:${port}`;
  await waitFor('API up', api, async () => ((await fetch(`${url}/api/health`)).ok ? true : undefined), STARTUP_MS);
  return { api, url };
}

/** Creates and pays one order by card in a browser of its own; its id. */
async function payOrder(apiUrl: string, index: number): Promise<number> {
  const created = await fetch(`${apiUrl}/api/Orders/CreateOrder`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newOrderBody({ fundraiserOrderItems: LINES })),
  });
  assert.equal(created.status, 200, await created.clone().text());
  const cookie = created.headers
    .getSetCookie()
    .find((set) => set.startsWith(`${BROWSER_KEY_COOKIE}=`))!
    .split(';')[0]!;
  const orderId = (await created.json()) as number;
  const paid = await fetch(`${apiUrl}/api/Orders/ProcessOrder`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(
      cardCheckout(orderId, await tokenizeCard(gatewayUrl()), {
        amount: TOTAL,
        donorEmail: `buyer${index}@example.org`,
        supporterPhoneNumber: `51255503${String(10 + index)}`,
      }),
    ),
  });
  assert.equal(await paid.json(), 'success');
  return orderId;
}

/** The receipt e-mails of these orders the mail server accepted. */
const receiptsOf = (orderIds: number[]) =>
  smtp.received.filter((mail) => orderIds.some((id) => new RegExp(`order ${id}\\b`).test(mail.subject ?? '')));

/** How many passes of the e-mail retry job an instance has made (ran, or skipped for another instance's). */
async function retryPasses(url: string): Promise<number> {
  const metrics = await (await fetch(`${url}/metrics`)).text();
  const counts = metrics.matchAll(/^job_runs_total\{job="email_retry",outcome="(?:ran|skipped)"\} (\d+)$/gm);
  return [...counts].reduce((sum, [, count]) => sum + Number(count), 0);
}

it('every e-mail and text claimed when the process was killed is delivered once after it starts again', async (t) => {
  const first = await startApi(true);
  smtp.hold(true);
  sms.hold(true);
  const orderIds = await Promise.all(Array.from({ length: ORDERS }, (_, i) => payOrder(first.url, i)));
  // Each message is stored and leased, and its provider is on it: the moment to die.
  await waitFor('every message with its provider', first.api, async () =>
    smtp.held() >= ORDERS && sms.held.length >= ORDERS ? true : undefined,
  );
  await killHard(first.api);
  smtp.hold(false);
  sms.hold(false);

  const db: DatabaseHandle = await openDatabase(
    database ? { databaseUrl: database.url, dataDir: '' } : { dataDir, migrateOnStart: false },
  );
  const emailKeys = orderIds.map((id) => `receipt-order-${id}`);
  const textKeys = orderIds.map((id) => `tickets-order-${id}`);
  try {
    const stored = async () => ({
      emails: await db.db.select().from(emailOutbox).where(inArray(emailOutbox.dedupeKey, emailKeys)),
      texts: await db.db.select().from(smsOutbox).where(inArray(smsOutbox.dedupeKey, textKeys)),
    });
    const atKill = await stored();
    assert.deepEqual(
      [...atKill.emails, ...atKill.texts].map((row) => row.status),
      Array(2 * ORDERS).fill('queued'),
      'the kill left every message queued, none recorded sent',
    );
    // The lease (OUTBOX_LEASE_SECONDS, a minute) runs out: the database's clock says so.
    await db.db
      .update(emailOutbox)
      .set({ leaseUntil: sql`now()` })
      .where(inArray(emailOutbox.dedupeKey, emailKeys));
    await db.db
      .update(smsOutbox)
      .set({ leaseUntil: sql`now()` })
      .where(inArray(smsOutbox.dedupeKey, textKeys));
  } finally {
    // PGlite's directory is one process's: the restarted API opens it next.
    await db.close();
  }

  // Two instances on PostgreSQL, so both race for each message; PGlite's directory is one process's.
  const restarted = database ? await Promise.all([startApi(false), startApi(false)]) : [await startApi(false)];
  const startedAt = Date.now();
  await waitFor(
    'every message sent after the restart',
    restarted[0]!.api,
    async () => (receiptsOf(orderIds).length >= ORDERS && sms.delivered.length >= ORDERS ? true : undefined),
    STARTUP_MS,
  );
  t.diagnostic(`all ${2 * ORDERS} messages delivered ${Date.now() - startedAt} ms after the restart`);

  // Two more retry passes of every instance: nothing is sent again.
  const before = await Promise.all(restarted.map(({ url }) => retryPasses(url)));
  await waitFor('two more passes', restarted[0]!.api, async () => {
    const now = await Promise.all(restarted.map(({ url }) => retryPasses(url)));
    return now.every((count, i) => count >= before[i]! + 2) ? true : undefined;
  });

  const mails = receiptsOf(orderIds);
  assert.equal(mails.length, ORDERS, 'each receipt e-mail delivered once');
  assert.equal(new Set(mails.map((mail) => mail.messageId)).size, ORDERS);
  assert.equal(sms.delivered.length, ORDERS, 'each tickets text delivered once');
  assert.equal(new Set(sms.delivered.map((text) => text.idempotencyKey)).size, ORDERS);
  // Each went out under the id of the try the kill interrupted: a provider could have dropped a repeat.
  assert.deepEqual(
    sms.delivered.map((text) => text.idempotencyKey).sort(),
    sms.held.map((text) => text.idempotencyKey).sort(),
  );
});
