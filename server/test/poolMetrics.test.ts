// The PostgreSQL pool in /metrics (issue 36): db_pool_connections{state} follows the connections
// checked out, idle and waited for, and db_pool_wait_seconds counts each checkout; a pool that ended
// leaves the gauges. Against a real PostgreSQL (DATABASE_URL); no timing is asserted.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type pg from 'pg';
import { ResilientPool } from '../src/platform/db/pool';
import { registry } from '../src/platform/http/metrics';
import { eventually } from './multiInstance';
import { sample } from './prometheus';

const missing = process.env.DATABASE_URL ? undefined : 'DATABASE_URL is not set';

const scrape = () => registry.metrics();
const connections = async (state: 'in_use' | 'idle' | 'waiting') =>
  sample(await scrape(), 'db_pool_connections', { state });
const waits = async () => sample(await scrape(), 'db_pool_wait_seconds_count', {});

describe('the pool in /metrics', { skip: missing, timeout: 20_000 }, () => {
  it('counts connections in use, idle and waited for, and each checkout', async () => {
    const before = { inUse: await connections('in_use'), idle: await connections('idle'), waits: await waits() };
    const pool = new ResilientPool({ connectionString: process.env.DATABASE_URL, max: 2 }, () => undefined);
    try {
      const first = await pool.connect();
      const second = await pool.connect();
      assert.equal(await connections('in_use'), before.inUse + 2);
      assert.equal(await waits(), before.waits + 2);

      // The pool is full: a third checkout waits for a connection.
      let third: pg.PoolClient | undefined;
      const waiting = pool.connect().then((client) => (third = client));
      assert.ok(await eventually(async () => (await connections('waiting')) === 1, 5_000), 'one request waiting');

      first.release();
      await waiting;
      assert.equal(await connections('waiting'), 0);
      assert.equal(await connections('in_use'), before.inUse + 2);
      assert.equal(await waits(), before.waits + 3);

      second.release();
      third!.release();
      assert.equal(await connections('in_use'), before.inUse);
      assert.equal(await connections('idle'), before.idle + 2);

      // pool.query checks out too (the callback form drizzle uses).
      await pool.query('select 1');
      assert.equal(await waits(), before.waits + 4);
    } finally {
      await pool.end();
    }
    assert.equal(await connections('idle'), before.idle, 'an ended pool leaves the gauges');
    assert.equal(await connections('in_use'), before.inUse);
  });
});
