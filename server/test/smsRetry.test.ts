import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { testConfig } from '../src/platform/config/config';
import { fundraiserDevices, fundraisers, reminderSends, smsOutbox } from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { phoneBudgetRepository } from '../src/messaging/repositories/phoneBudgets';
import { SmsBudgetExceededError, SmsSendError } from '../src/messaging/sms';
import { createTestApp, type TestApp } from './helpers';
import { smsEndpoint } from './smsEndpoint';

const PHONE = '5125550142';
const REMINDED = '5125550143';
const OTHER = '5125550144';
const SECOND = 1000;

describe('failed texts are sent again', () => {
  const endpoint = smsEndpoint();
  let t: TestApp;

  before(async () => {
    await endpoint.start();
    t = await createTestApp({
      demo: false,
      config: {
        sms: { httpUrl: endpoint.url() },
        // The timer is an hour apart: the test runs each pass itself, at the time it chooses.
        smsRetry: { intervalSeconds: 3600, maxAttempts: 3, firstDelaySeconds: 60, leaseSeconds: 60 },
        rateLimits: { ...testConfig().rateLimits, smsPerPhonePerDay: 2 },
      },
    });
  });
  after(async () => {
    await t?.close();
    await endpoint.stop();
  });
  beforeEach(async () => {
    await t.database.db.delete(smsOutbox);
  });

  const row = async (id: number) => {
    const [found] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
    return found!;
  };
  const onlyRow = async () => {
    const rows = await t.database.db.select().from(smsOutbox);
    assert.equal(rows.length, 1);
    return rows[0]!;
  };
  const used = () => phoneBudgetRepository(t.database.db).usedToday(PHONE, 'sms');
  const nothing = { recovered: 0, sent: 0, failed: 0, givenUp: 0 };

  it('a text refused twice is tried again after growing delays, sent once, and charged once', async () => {
    endpoint.answer([500, 503, 200]);
    const before = Date.now();
    await assert.rejects(
      () => t.app.sms.send({ to: PHONE, body: 'Your ticket link' }),
      (error) => error instanceof SmsSendError && error.retryScheduled,
    );
    const failed = await onlyRow();
    assert.equal(failed.status, 'failed');
    assert.equal(failed.attempts, 1);
    const first = failed.nextAttemptAt!.getTime();
    assert.ok(first >= before + 60 * SECOND && first <= Date.now() + 60 * SECOND, 'first try again after 60 s');
    assert.equal(await used(), 1);

    assert.deepEqual(await t.app.retryTexts({ now: new Date(first - 1) }), nothing);
    assert.equal(endpoint.received.length, 1);
    assert.deepEqual(await t.app.retryTexts({ now: new Date(first) }), {
      recovered: 0,
      sent: 0,
      failed: 1,
      givenUp: 0,
    });
    const again = await row(failed.id);
    assert.equal(again.status, 'failed');
    assert.equal(again.attempts, 2);
    const second = again.nextAttemptAt!.getTime();
    assert.equal(second - first, 120 * SECOND, 'the delay doubles');

    assert.deepEqual(await t.app.retryTexts({ now: new Date(second - 1) }), nothing);
    assert.deepEqual(await t.app.retryTexts({ now: new Date(second) }), {
      recovered: 0,
      sent: 1,
      failed: 0,
      givenUp: 0,
    });
    const sent = await row(failed.id);
    assert.equal(sent.status, 'sent');
    assert.equal(sent.attempts, 3);
    assert.equal(sent.providerRef, 'msg-3');
    assert.equal(sent.nextAttemptAt, null);
    assert.deepEqual(await t.app.retryTexts({ now: new Date(second + 86_400 * SECOND) }), nothing);
    assert.equal(endpoint.received.length, 3);
    assert.ok(endpoint.received.every((request) => request.body === 'Your ticket link'));

    // One slot for the one text, however many tries: of a budget of 2, one more text goes out.
    assert.equal(await used(), 1);
    await t.app.sms.send({ to: PHONE, body: 'Another text' });
    await assert.rejects(() => t.app.sms.send({ to: PHONE, body: 'One too many' }), SmsBudgetExceededError);
    await phoneBudgetRepository(t.database.db).giveBack(PHONE, 'sms');
    await phoneBudgetRepository(t.database.db).giveBack(PHONE, 'sms');
  });

  it('every try of one text carries the same idempotency key, and another text another key', async () => {
    try {
      // A 503 may come after the provider accepted the text: the key lets it drop the resend.
      endpoint.answer([503, 503, 200]);
      await assert.rejects(() => t.app.sms.send({ to: PHONE, body: 'Maybe delivered' }), SmsSendError);
      const { id, nextAttemptAt } = await onlyRow();
      assert.deepEqual(await t.app.retryTexts({ now: nextAttemptAt! }), {
        recovered: 0,
        sent: 0,
        failed: 1,
        givenUp: 0,
      });
      assert.deepEqual(await t.app.retryTexts({ now: (await row(id)).nextAttemptAt! }), {
        recovered: 0,
        sent: 1,
        failed: 0,
        givenUp: 0,
      });
      const keys = endpoint.received.map((request) => request.idempotencyKey);
      assert.deepEqual(keys, [`fu-sms-${id}`, `fu-sms-${id}`, `fu-sms-${id}`]);

      await t.app.sms.send({ to: OTHER, body: 'Another text' });
      const other = endpoint.received[3]!;
      assert.equal(other.body, 'Another text');
      assert.match(other.idempotencyKey ?? '', /^fu-sms-\d+$/);
      assert.notEqual(other.idempotencyKey, keys[0]);
    } finally {
      await phoneBudgetRepository(t.database.db).giveBack(PHONE, 'sms');
      await phoneBudgetRepository(t.database.db).giveBack(OTHER, 'sms');
    }
  });

  it('a text always refused is given up after maxAttempts tries in all', async () => {
    endpoint.answer([500, 500, 500, 500, 500]);
    await assert.rejects(() => t.app.sms.send({ to: PHONE, body: 'Never arrives' }), SmsSendError);
    const { id, nextAttemptAt } = await onlyRow();
    const first = nextAttemptAt!.getTime();
    assert.deepEqual(await t.app.retryTexts({ now: new Date(first) }), {
      recovered: 0,
      sent: 0,
      failed: 1,
      givenUp: 0,
    });
    const second = (await row(id)).nextAttemptAt!.getTime();
    assert.deepEqual(await t.app.retryTexts({ now: new Date(second) }), {
      recovered: 0,
      sent: 0,
      failed: 0,
      givenUp: 1,
    });
    const given = await row(id);
    assert.equal(given.status, 'given_up');
    assert.equal(given.attempts, 3);
    assert.equal(given.nextAttemptAt, null);
    assert.deepEqual(await t.app.retryTexts({ now: new Date(second + 86_400 * SECOND) }), nothing);
    assert.equal(endpoint.received.length, 3);
    // The slot stays spent: the provider was asked three times for this phone.
    assert.equal(await used(), 1);
    await phoneBudgetRepository(t.database.db).giveBack(PHONE, 'sms');
  });

  it('a refused reminder keeps its claim: the retry job delivers it, the reminder job does not send it again', async () => {
    const db = t.database.db;
    await importData(db, readDemoData());
    await db.update(fundraisers).set({ startDate: '2027-01-10', endDate: '2027-02-10', isActive: true });
    await db.delete(reminderSends);
    await db.insert(fundraiserDevices).values({
      guid: randomUUID(),
      fundraiserId: 1,
      phone: REMINDED,
      isOptedIn: true,
      studentIs13OrOlder: true,
      phoneVerifiedAt: new Date(),
      studentFirstName: 'Remy',
      studentLastName: 'Retry',
    });
    // Two days after the kickoff: one reminder is due.
    const now = new Date('2027-01-12T15:00:00Z');
    endpoint.answer([500]);
    assert.equal(await t.app.runReminderPass({ now }), 0);
    assert.equal((await db.select().from(reminderSends)).length, 1);
    assert.equal(await t.app.runReminderPass({ now }), 0);
    assert.equal(endpoint.received.length, 1);

    const { nextAttemptAt } = await onlyRow();
    assert.deepEqual(await t.app.retryTexts({ now: nextAttemptAt! }), { recovered: 0, sent: 1, failed: 0, givenUp: 0 });
    assert.equal(await t.app.runReminderPass({ now }), 0);
    assert.equal(endpoint.received.length, 2);
    assert.equal(endpoint.received[1]!.body, endpoint.received[0]!.body);
    assert.match(endpoint.received[0]!.body, /Hi Remy! .* kicked off two days ago/);
    assert.equal(await phoneBudgetRepository(db).usedToday(REMINDED, 'sms'), 1);
  });

  it('a text nobody will resend is a plain failure: its slot is given back', async () => {
    const once = await createTestApp({
      demo: false,
      config: {
        sms: { httpUrl: endpoint.url() },
        smsRetry: { intervalSeconds: 0, maxAttempts: 5, firstDelaySeconds: 60, leaseSeconds: 60 },
      },
    });
    try {
      endpoint.answer([500]);
      await assert.rejects(
        () => once.app.sms.send({ to: PHONE, body: 'No retry' }),
        (error) => error instanceof SmsSendError && !error.retryScheduled,
      );
      const [failed] = await once.database.db.select().from(smsOutbox);
      assert.equal(failed!.status, 'failed');
      assert.equal(failed!.nextAttemptAt, null);
      assert.equal(await phoneBudgetRepository(once.database.db).usedToday(PHONE, 'sms'), 0);
      assert.deepEqual(await once.app.retryTexts({ now: new Date(Date.now() + 86_400 * SECOND) }), nothing);
    } finally {
      await once.close();
    }
  });

  it('a text sent with retry: false is a plain failure too', async () => {
    endpoint.answer([500]);
    await assert.rejects(
      () => t.app.sms.send({ to: PHONE, body: 'Ask again instead', retry: false }),
      (error) => error instanceof SmsSendError && !error.retryScheduled,
    );
    const failed = await onlyRow();
    assert.equal(failed.status, 'failed');
    assert.equal(failed.nextAttemptAt, null);
    assert.equal(await used(), 0);
    assert.deepEqual(await t.app.retryTexts({ now: new Date(Date.now() + 86_400 * SECOND) }), nothing);
    assert.equal(endpoint.received.length, 1);
  });
});
