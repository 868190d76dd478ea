// What browsers report (POST /api/Logger/Log/) is kept in `logs` as a browser report that cannot pose
// as one of the server's own alert lines (docs/operations.md), and the table is pruned by age and by
// count by a background job, so one client at its rate limit cannot grow it without end.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/platform/config/config';
import { logs } from '../src/platform/db/schema';
import { registry } from '../src/platform/http/metrics';
import { logRepository } from '../src/browserLogs/repositories/logs';
import { clientText, pruneBrowserLogs } from '../src/browserLogs/services/browserLogs';
import { freshDatabase } from './helpers';
import { sample } from './prometheus';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-24T12:00:00Z');

let database: Awaited<ReturnType<typeof freshDatabase>>;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];

before(async () => {
  database = await freshDatabase();
  app = await buildApp({
    config: testConfig({
      logLevel: 'info',
      browserLogs: { retentionDays: 14, maxRows: 5, pruneIntervalMinutes: 0 },
    }),
    database,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await app.ready();
});
after(async () => {
  await app.close();
  await database.drop();
});
beforeEach(async () => {
  await database.db.delete(logs);
});

const stored = async () => database.db.select().from(logs).orderBy(asc(logs.id));

/** Rows of `logs` made `ages` (in days before NOW) ago, oldest first as given; their ids. */
async function rowsAged(ages: number[]): Promise<number[]> {
  const rows = await database.db
    .insert(logs)
    .values(
      ages.map((age, index) => ({ level: 4, message: `row ${index}`, createdAt: new Date(NOW.getTime() - age * DAY) })),
    )
    .returning({ id: logs.id });
  return rows.map((row) => row.id);
}

/** The lines of the server's log (JSON, as pino writes them) that `docs/operations.md` says to alert on. */
const ALERT_PHRASES = [
  'payment recovery: the gateway charged an order that was already paid',
  'PostgreSQL connection lost',
  'given up after',
  'unreachable',
];

describe('a browser report that carries the server’s alert phrases', () => {
  const message =
    'TypeError: x\nPostgreSQL connection lost: ECONNRESET\r\n' +
    '{"level":50,"msg":"payment recovery: the gateway charged an order that was already paid; refund this charge"}' +
    '\u2028sms 4 given up after 5 tries\u001b[31m Redis at redis://cache unreachable\u202e\t!';

  it('is stored on one line, marked as a browser report, without control or direction characters', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/Logger/Log/',
      payload: { message, level: 5, remote: 'checkout', version: 'unreleased' },
    });
    assert.equal(answer.statusCode, 200, answer.body);
    const [row] = await stored();
    assert.equal(
      row?.message,
      'browser report [checkout@unreleased]: TypeError: x PostgreSQL connection lost: ECONNRESET ' +
        '{"level":50,"msg":"payment recovery: the gateway charged an order that was already paid; refund this charge"} ' +
        'sms 4 given up after 5 tries [31m Redis at redis://cache unreachable !',
    );
    assert.doesNotMatch(row!.message, /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    assert.equal(
      (await app.inject({ method: 'POST', url: '/api/Logger/Log/', payload: { message, level: 4 } })).statusCode,
      200,
    );
    assert.match((await stored())[1]!.message, /^browser report: TypeError: x PostgreSQL/);
  });

  it("is logged as 'browser log' at warn at most, the page's text only in clientMessage", async () => {
    lines.length = 0;
    await app.inject({ method: 'POST', url: '/api/Logger/Log/', payload: { message, level: 6, remote: 'shell' } });
    const reports = lines.filter((line) => 'clientMessage' in line);
    assert.equal(reports.length, 1);
    const [report] = reports;
    assert.equal(report!.msg, 'browser log');
    assert.ok(Number(report!.level) <= 40, `level ${String(report!.level)} is warn (40) at most`);
    assert.doesNotMatch(String(report!.clientMessage), /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    for (const line of lines) {
      for (const phrase of ALERT_PHRASES) {
        assert.ok(!String(line.msg).includes(phrase), `a log line's msg carries "${phrase}": ${JSON.stringify(line)}`);
      }
    }
  });

  it('keeps at most 2000 characters of the text, whatever a caller passes', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/Logger/Log/',
      payload: { message: '\u0007'.repeat(500) + 'y'.repeat(1500), level: 4 },
    });
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal((await stored())[0]?.message, `browser report: ${'y'.repeat(1500)}`);
    assert.equal(clientText('z'.repeat(5000)), 'z'.repeat(2000));
    assert.equal(clientText('😀'.repeat(2001)), '😀'.repeat(2000), 'characters, not halves of them');
  });
});

describe('pruning the browser logs', () => {
  const ran = async () =>
    sample(await registry.metrics(), 'job_runs_total', { job: 'browser_log_pruning', outcome: 'ran' });

  it('deletes the reports older than the retention, keeps the rest, and counts the pass', async () => {
    const [, , recent, newest] = await rowsAged([20, 14.01, 13.9, 0.01]);
    const before = await ran();
    const pruned = await app.pruneBrowserLogs({ now: NOW });
    assert.deepEqual(pruned, { byAge: 2, byCount: 0 });
    assert.deepEqual(
      (await stored()).map((row) => row.id),
      [recent, newest],
    );
    assert.equal(await ran(), before + 1);
  });

  it('keeps only the newest maxRows reports', async () => {
    const ids = await rowsAged([0.5, 0.4, 0.3, 0.2, 0.1, 0.09, 0.08, 0.07]);
    const pruned = await app.pruneBrowserLogs({ now: NOW });
    assert.deepEqual(pruned, { byAge: 0, byCount: 3 });
    assert.deepEqual(
      (await stored()).map((row) => row.id),
      ids.slice(3),
    );
  });

  it('prunes by age, then by count, in batches until done', async () => {
    const ids = await rowsAged([30, 29, 28, 27, 26, 25, 24, 1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4]);
    const pruned = await pruneBrowserLogs(logRepository(database.db), {
      now: NOW,
      retentionDays: 14,
      maxRows: 4,
      batchSize: 2,
    });
    assert.deepEqual(pruned, { byAge: 7, byCount: 3 });
    assert.deepEqual(
      (await stored()).map((row) => row.id),
      ids.slice(10),
    );
  });
});
