// Issue 30: a text or e-mail queued by a process that died before it heard the provider is sent
// again once its lease runs out, in effect once (the same idempotency key or Message-ID), and one
// waiting longer than it should shows in /metrics and /api/ready. In process here; the SIGKILL of
// a real server between the claim and the send is test/outboxKill.test.ts.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { emailOutbox, smsOutbox } from '../src/platform/db/schema';
import { openDatabase } from '../src/platform/db/client';
import { emailOutboxRepository } from '../src/messaging/repositories/emailOutbox';
import { smsOutboxRepository } from '../src/messaging/repositories/smsOutbox';
import { createTestApp, type TestApp } from './helpers';
import { sample, scrape } from './prometheus';
import { smsEndpoint } from './smsEndpoint';
import { smtpTestServer } from './smtpServer';

const PHONE = '5125550171';
const SECOND = 1000;
const LEASE_SECONDS = 60;

const endpoint = smsEndpoint();
const smtp = smtpTestServer();
let t: TestApp;

before(async () => {
  await Promise.all([endpoint.start(), smtp.start()]);
  t = await createTestApp({
    demo: false,
    config: {
      sms: { httpUrl: endpoint.url() },
      email: { smtpUrl: smtp.url(), from: 'Lease test <receipts@lease.example>' },
      // The timer is an hour apart: the test runs each pass itself, at the time it chooses.
      smsRetry: { intervalSeconds: 3600, maxAttempts: 3, firstDelaySeconds: 60, leaseSeconds: LEASE_SECONDS },
    },
  });
});
after(async () => {
  await t?.close();
  await Promise.all([endpoint.stop(), smtp.stop()]);
});
beforeEach(async () => {
  await t.database.db.delete(smsOutbox);
  await t.database.db.delete(emailOutbox);
  endpoint.answer([]);
  endpoint.delivered.length = 0;
  smtp.reset();
});

/** A text queued with the lease a sending process takes (none: a text never sent late), as if that process then died. */
const orphanText = async (body: string, lease = true) =>
  (
    await smsOutboxRepository(t.database.db).add(
      { toPhone: PHONE, body },
      { status: 'queued', leaseSeconds: lease ? LEASE_SECONDS : null },
    )
  )?.id;

/** Moves a message's lease and queueing back by `seconds`, as if that much time had passed (the database's clock decides). */
async function age(table: typeof smsOutbox | typeof emailOutbox, id: number, seconds: number) {
  const back = sql`make_interval(secs => ${seconds})`;
  await t.database.db
    .update(table as typeof smsOutbox)
    .set({ leaseUntil: sql`lease_until - ${back}`, createdAt: sql`created_at - ${back}` })
    .where(eq((table as typeof smsOutbox).id, id));
}

const textRow = async (id: number) => (await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!;

describe('messages a dead process left queued', () => {
  it('a text is sent again once its lease has run out, with the idempotency key of its first try', async () => {
    const id = (await orphanText('Your tickets'))!;
    await age(smsOutbox, id, LEASE_SECONDS - 5);
    assert.deepEqual(await t.app.retryTexts(), { recovered: 0, sent: 0, failed: 0, givenUp: 0 });
    assert.equal(endpoint.received.length, 0, 'its process may still be sending it');

    await age(smsOutbox, id, 6);
    const expired = new Date();
    assert.deepEqual(await t.app.retryTexts({ now: expired }), { recovered: 1, sent: 1, failed: 0, givenUp: 0 });
    assert.deepEqual(
      endpoint.delivered.map((text) => text.idempotencyKey),
      [`fu-sms-${id}`],
    );
    const row = await textRow(id);
    assert.equal(row.status, 'sent');
    assert.equal(row.attempts, 2);
    assert.equal(row.leaseUntil, null);
    assert.deepEqual(await t.app.retryTexts({ now: new Date(expired.getTime() + 3600 * SECOND) }), {
      recovered: 0,
      sent: 0,
      failed: 0,
      givenUp: 0,
    });
  });

  it('a refused recovery follows the retry schedule like any failed text', async () => {
    const id = (await orphanText('Reminder'))!;
    await age(smsOutbox, id, LEASE_SECONDS + 1);
    endpoint.answer([503]);
    assert.deepEqual(await t.app.retryTexts(), { recovered: 1, sent: 0, failed: 1, givenUp: 0 });
    const failed = await textRow(id);
    assert.equal(failed.status, 'failed');
    assert.deepEqual(await t.app.retryTexts({ now: failed.nextAttemptAt! }), {
      recovered: 0,
      sent: 1,
      failed: 0,
      givenUp: 0,
    });
  });

  it('a text that must never go out late (no lease) is given up, not sent', async () => {
    const id = (await orphanText('Your code is 123456', false))!;
    assert.deepEqual(await t.app.retryTexts(), { recovered: 0, sent: 0, failed: 0, givenUp: 0 });
    await age(smsOutbox, id, LEASE_SECONDS + 1);
    assert.deepEqual(await t.app.retryTexts(), { recovered: 0, sent: 0, failed: 0, givenUp: 1 });
    assert.equal((await textRow(id)).status, 'given_up');
    assert.equal(endpoint.received.length, 0);
  });

  it('an e-mail is sent again once its lease has run out, with the Message-ID of its first try', async () => {
    const id = (await emailOutboxRepository(t.database.db).add(
      {
        toAddress: 'parent@example.org',
        subject: 'Receipt',
        textBody: 'Thank you',
        htmlBody: '<p>Thank you</p>',
        attachments: [],
      },
      { status: 'queued', dedupeKey: 'lease-test', leaseSeconds: LEASE_SECONDS },
    ))!;
    await age(emailOutbox, id, LEASE_SECONDS + 1);
    const report = await t.app.retryEmails();
    assert.deepEqual(
      { ...report, caughtUp: undefined },
      { recovered: 1, sent: 1, failed: 0, givenUp: 0, caughtUp: undefined },
    );
    assert.deepEqual(
      smtp.received.map((mail) => mail.messageId),
      [`<fu-email-${id}@lease.example>`],
    );
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    assert.equal(row?.status, 'sent');
  });

  it('of two instances claiming at once, each message is claimed by one', async () => {
    for (let i = 0; i < 12; i++) await age(smsOutbox, (await orphanText(`Text ${i}`))!, LEASE_SECONDS + 1);
    // On PostgreSQL the second instance claims on its own connections; PGlite is one process's database.
    const second =
      t.database.kind === 'postgres' ? await openDatabase({ databaseUrl: t.database.url, dataDir: '' }) : t.database;
    try {
      const claims = await Promise.all(
        [t.database, second, t.database, second].map((handle) =>
          smsOutboxRepository(handle.db).claimExpiredLeases(5, LEASE_SECONDS),
        ),
      );
      const ids = claims.flat().map((message) => message.id);
      assert.equal(ids.length, 12);
      assert.equal(new Set(ids).size, 12, 'no message claimed twice');
    } finally {
      if (second !== t.database) await second.close();
    }
  });

  it('a late outcome of a try another instance took over changes nothing: its delivery stands', async () => {
    const texts = smsOutboxRepository(t.database.db);
    const id = (await orphanText('Slow provider'))!;
    await age(smsOutbox, id, LEASE_SECONDS + 1);
    // The first try (attempt 1) is still waiting on its provider when another instance takes the text up.
    const [taken] = await texts.claimExpiredLeases(5, LEASE_SECONDS);
    assert.equal(taken?.attempts, 2);
    await texts.markSent(id, 2, 'msg-second');
    await texts.markFailed(id, 1, new Date(Date.now() + 60 * SECOND));
    const row = await textRow(id);
    assert.equal(row.status, 'sent');
    assert.equal(row.providerRef, 'msg-second');
    assert.deepEqual(await t.app.retryTexts({ now: new Date(Date.now() + 3600 * SECOND) }), {
      recovered: 0,
      sent: 0,
      failed: 0,
      givenUp: 0,
    });
  });
});

describe('messages waiting longer than they should', () => {
  it('count in /metrics and make /api/ready say so, until the retry job sends them', async () => {
    // Queued and leased long ago: the retry job should have taken it up two passes back.
    await age(smsOutbox, (await orphanText('Stuck'))!, 3 * 3600);
    assert.equal(sample(await scrape(t.app), 'outbox_overdue_messages', { channel: 'sms' }), 1);
    assert.equal(sample(await scrape(t.app), 'outbox_overdue_messages', { channel: 'email' }), 0);
    const ready = await t.inject('/api/ready');
    assert.equal(ready.statusCode, 200, 'an instance stays in rotation: taking it out would not send them');
    assert.deepEqual(ready.json().warnings, [
      '1 text has waited longer than it should: is the retry job running (SMS_RETRY_INTERVAL_SECONDS), and does the provider answer? See outbox_overdue_messages.',
    ]);

    await t.app.retryTexts();
    assert.equal(sample(await scrape(t.app), 'outbox_overdue_messages', { channel: 'sms' }), 0);
    assert.equal((await t.inject('/api/ready')).json().warnings, undefined);
  });
});
