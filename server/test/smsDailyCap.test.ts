import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACCESS_MESSAGES } from '@fu/shared/contracts';
import { buildApp } from '../src/app';
import { testConfig } from '../src/platform/config/config';
import type { DatabaseHandle } from '../src/platform/db/client';
import { smsDailyCounts, smsOutbox } from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { SmsSendError } from '../src/messaging/sms';
import { browserOf, freshDatabase, type TestApp } from './helpers';
import { sample, scrape } from './prometheus';
import { smsEndpoint } from './smsEndpoint';
import { ticketKit } from './ticketKit';

/**
 * The site-wide daily text cap (SMS_DAILY_CAP): texts handed to the HTTP SMS provider are counted
 * per UTC day in the database, whichever instance sends them; over the cap a text is held for the
 * next day (or withheld when it may not go late), a warning names the cap, and
 * sms_daily_cap_reached_total counts it.
 */

const CAP = 2;
const PHONES = ['5125550171', '5125550172', '5125550173', '5125550174', '5125550175'];

describe('the daily text cap', () => {
  const endpoint = smsEndpoint();
  let database: DatabaseHandle & { drop(): Promise<void> };
  /** Two instances on one database, each with its own log. */
  let first: { app: FastifyInstance; logs: Record<string, unknown>[] };
  let second: { app: FastifyInstance; logs: Record<string, unknown>[] };

  async function instance(handle: DatabaseHandle) {
    const logs: Record<string, unknown>[] = [];
    const app = await buildApp({
      config: testConfig({
        sms: { httpUrl: endpoint.url() },
        smsDailyCap: CAP,
        logLevel: 'warn',
        // The timer is an hour apart: the test runs each retry pass itself, at the time it chooses.
        smsRetry: { intervalSeconds: 3600, maxAttempts: 3, firstDelaySeconds: 60, leaseSeconds: 60 },
      }),
      database: handle,
      logStream: { write: (line) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
    });
    await app.ready();
    return { app, logs };
  }

  before(async () => {
    await endpoint.start();
    database = await freshDatabase();
    await importData(database.db, readDemoData());
    first = await instance(database);
    // The second instance shares the handle; the first one closes it.
    second = await instance({ ...database, close: async () => {} });
  });
  after(async () => {
    await second?.app.close();
    await first?.app.close();
    await database?.drop();
    await endpoint.stop();
  });
  beforeEach(async () => {
    await database.db.delete(smsOutbox);
    await database.db.delete(smsDailyCounts);
    endpoint.answer([]);
    first.logs.length = 0;
    second.logs.length = 0;
  });

  const rows = () => database.db.select().from(smsOutbox).orderBy(asc(smsOutbox.id));
  const capWarnings = (logs: Record<string, unknown>[]) =>
    logs.filter((line) => line.level === 40 && String(line.msg).includes('SMS_DAILY_CAP'));
  const capReached = async () => sample(await scrape(first.app), 'sms_daily_cap_reached_total', {});

  it('hands the provider CAP texts a day; the next is held for the next UTC day, warned of and counted', async () => {
    const before = await capReached();
    await first.app.sms.send({ to: PHONES[0]!, body: 'First' });
    await first.app.sms.send({ to: PHONES[1]!, body: 'Second' });
    await assert.rejects(
      () => first.app.sms.send({ to: PHONES[2]!, body: 'Third' }),
      (error) => error instanceof SmsSendError && error.capReached && error.retryScheduled,
    );
    assert.deepEqual(
      endpoint.received.map((text) => text.body),
      ['First', 'Second'],
    );
    const [, , held] = await rows();
    assert.equal(held!.status, 'held');
    assert.equal(held!.attempts, 0, 'the provider was never asked');
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    assert.equal(held!.nextAttemptAt?.getTime(), tomorrow.getTime());

    assert.equal(await capReached(), before + 1);
    const [warning] = capWarnings(first.logs);
    assert.ok(warning, 'a warning names the cap');
    assert.match(String(warning.msg), /SMS daily cap reached: 2 texts .*\(SMS_DAILY_CAP\)/);

    // The same day, the retry job leaves it; a second refusal is counted but not warned of again.
    assert.deepEqual(await first.app.retryTexts({ now: new Date() }), { recovered: 0, sent: 0, failed: 0, givenUp: 0 });
    await assert.rejects(() => first.app.sms.send({ to: PHONES[3]!, body: 'Fourth' }), SmsSendError);
    assert.equal(await capReached(), before + 2);
    assert.equal(capWarnings(first.logs).length, 1);
    assert.equal(endpoint.received.length, 2);
  });

  it('the next day the held texts go first, within that day’s cap', async () => {
    await first.app.sms.send({ to: PHONES[0]!, body: 'First' });
    await first.app.sms.send({ to: PHONES[1]!, body: 'Second' });
    for (const [i, body] of ['Third', 'Fourth', 'Fifth'].entries()) {
      await assert.rejects(() => first.app.sms.send({ to: PHONES[2 + i]!, body }), SmsSendError);
    }
    // A new UTC day: today's count becomes yesterday's.
    await database.db.update(smsDailyCounts).set({ day: sql`${smsDailyCounts.day} - 1` });
    const [, , third] = await rows();
    const report = await first.app.retryTexts({ now: third!.nextAttemptAt! });
    assert.deepEqual(report, { recovered: 0, sent: 2, failed: 0, givenUp: 0 });
    assert.deepEqual(
      endpoint.received.map((text) => text.body),
      ['First', 'Second', 'Third', 'Fourth'],
    );
    const statuses = (await rows()).map((row) => [row.status, row.attempts]);
    assert.deepEqual(statuses, [
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
      ['held', 0],
    ]);
  });

  it('a ticket link over the cap is withheld and the buyer told to try tomorrow (429)', async () => {
    const buyer: TestApp = {
      app: first.app,
      database,
      inject: browserOf(first.app),
      newBrowser: () => browserOf(first.app),
      close: () => first.app.close(),
    };
    const kit = ticketKit(() => buyer);
    const { purchaseGuid } = await kit.newPurchase(CAP + 1);
    const share = (phone: string) =>
      first.app.inject(`/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchaseGuid}&phoneNumber=${phone}`);
    assert.equal((await share(PHONES[0]!)).statusCode, 200);
    assert.equal((await share(PHONES[1]!)).statusCode, 200);
    const refused = await share(PHONES[2]!);
    assert.equal(refused.statusCode, 429, refused.body);
    assert.equal(refused.json().message, ACCESS_MESSAGES.dailyTextCap);
    assert.equal(endpoint.received.length, 2);
    assert.deepEqual(
      (await rows()).map((row) => row.status),
      ['sent', 'sent', 'withheld'],
    );
    // Withheld is final: the next day's retry pass does not send a link the buyer was told to ask for again.
    await database.db.update(smsDailyCounts).set({ day: sql`${smsDailyCounts.day} - 1` });
    await first.app.retryTexts({ now: new Date(Date.now() + 2 * 86_400_000) });
    assert.equal(endpoint.received.length, 2);
  });

  it('two instances on one database share one count', async () => {
    const apps = [first.app, second.app];
    const outcomes = await Promise.allSettled(
      PHONES.map((to, i) => apps[i % 2]!.sms.send({ to, body: `Text ${i + 1}` })),
    );
    assert.equal(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, CAP);
    assert.equal(endpoint.received.length, CAP);
    assert.equal((await rows()).filter((row) => row.status === 'held').length, PHONES.length - CAP);
    const [count] = await database.db.select().from(smsDailyCounts);
    assert.equal(count!.sent, CAP);
  });
});
