import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { testConfig } from '../src/platform/config/config';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/client';
import { fundraiserDevices, fundraisers, reminderSends, smsOutbox } from '../src/platform/db/schema';
import { importData } from '../src/catalog/import/importData';
import { readDemoData } from '../src/catalog/import/seed';
import { JOB_LOCK_KEYS, JOB_LOCK_SPACE } from '../src/platform/repositories/jobLocks';
import { emptyDatabase, multiInstanceSkip } from './multiInstance';

const skip = await multiInstanceSkip();
const STUDENTS = 25;
// Two days after the kickoff of a fundraiser running 2027-01-10 → 2027-02-10: one reminder each.
const NOW = new Date('2027-01-12T15:00:00Z');

describe('job passes across instances', { skip }, () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  const handles: DatabaseHandle[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  // The instances' SMS provider: a real HTTP endpoint that takes every text and remembers it.
  const received: string[] = [];
  const provider = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    received.push((JSON.parse(raw) as { body: string }).body);
    response.writeHead(200, { 'content-type': 'application/json' }).end(`{"id":"msg-${received.length}"}`);
  });

  before(async () => {
    database = await emptyDatabase();
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const config = testConfig({
      sms: { httpUrl: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/send` },
      // Retries on (the timer an hour apart): the test runs the passes itself.
      smsRetry: { intervalSeconds: 3600, maxAttempts: 5, firstDelaySeconds: 60, leaseSeconds: 60 },
    });
    const start = async () => {
      const handle = await openDatabase({ databaseUrl: database.url, dataDir: '' });
      handles.push(handle);
      const app = await buildApp({ config, database: handle });
      await app.ready();
      return app;
    };
    a = await start();
    b = await start();
    const db = handles[0]!.db;
    await importData(db, readDemoData());
    await db.update(fundraisers).set({ startDate: '2027-01-10', endDate: '2027-02-10', isActive: true });
    await db.delete(reminderSends);
    await db.delete(smsOutbox);
    const [fundraiser] = await db.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.id, 1));
    await db.insert(fundraiserDevices).values(
      Array.from({ length: STUDENTS }, (_, i) => ({
        guid: randomUUID(),
        fundraiserId: fundraiser!.id,
        phone: `51255519${String(i).padStart(2, '0')}`,
        isOptedIn: true,
        studentIs13OrOlder: true,
        phoneVerifiedAt: new Date(),
        studentFirstName: `Student${String.fromCharCode(65 + i)}`,
        studentLastName: 'Multi',
      })),
    );
  });
  after(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  const outbox = () => handles[0]!.db.select().from(smsOutbox);

  it('a pass is skipped while another instance holds the job', async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1, $2)', [JOB_LOCK_SPACE, JOB_LOCK_KEYS.reminders]);
      assert.equal(await a.runReminderPass({ now: NOW }), undefined);
      assert.equal((await outbox()).length, 0);
      // Payment recovery has a key of its own: it is not held up by the reminders' lock.
      assert.notEqual((await a.recoverPayments()).skipped, true);
      await holder.query('SELECT pg_advisory_lock($1, $2)', [JOB_LOCK_SPACE, JOB_LOCK_KEYS.payment_recovery]);
      assert.equal((await b.recoverPayments()).skipped, true);
    } finally {
      await holder.end();
    }
  });

  it('a reminder pass run on both at the same moment sends each text once', async () => {
    const [sentByA, sentByB] = await Promise.all([a.runReminderPass({ now: NOW }), b.runReminderPass({ now: NOW })]);
    assert.equal((sentByA ?? 0) + (sentByB ?? 0), STUDENTS);
    const texts = await outbox();
    assert.equal(texts.length, STUDENTS);
    const perPhone = new Map<string, number>();
    for (const text of texts) perPhone.set(text.toPhone, (perPhone.get(text.toPhone) ?? 0) + 1);
    assert.equal(perPhone.size, STUDENTS);
    assert.ok([...perPhone.values()].every((count) => count === 1));
    assert.equal(new Set(texts.map((text) => text.body)).size, STUDENTS);
    assert.equal(received.length, STUDENTS);
    assert.equal(new Set(received).size, STUDENTS);
    // Later passes on either find nothing left to send.
    const again = await Promise.all([a.runReminderPass({ now: NOW }), b.runReminderPass({ now: NOW })]);
    assert.equal((again[0] ?? 0) + (again[1] ?? 0), 0);
    assert.equal((await outbox()).length, STUDENTS);
  });

  it('a text retry pass run on both at the same moment resends each failed text once', async () => {
    const db = handles[0]!.db;
    await db.delete(smsOutbox);
    received.length = 0;
    const due = new Date(NOW.getTime() - 1000);
    await db.insert(smsOutbox).values(
      Array.from({ length: STUDENTS }, (_, i) => ({
        toPhone: `51255529${String(i).padStart(2, '0')}`,
        body: `Retried text ${i}`,
        status: 'failed' as const,
        nextAttemptAt: due,
      })),
    );
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1, $2)', [JOB_LOCK_SPACE, JOB_LOCK_KEYS.sms_retry]);
      assert.equal(await a.retryTexts({ now: NOW }), undefined);
      assert.equal(received.length, 0);
    } finally {
      await holder.end();
    }
    const reports = await Promise.all([a.retryTexts({ now: NOW }), b.retryTexts({ now: NOW })]);
    assert.equal(
      reports.reduce((sum, report) => sum + (report?.sent ?? 0), 0),
      STUDENTS,
    );
    assert.equal(received.length, STUDENTS);
    assert.equal(new Set(received).size, STUDENTS);
    const rows = await outbox();
    assert.ok(rows.every((row) => row.status === 'sent' && row.attempts === 2));
  });
});
