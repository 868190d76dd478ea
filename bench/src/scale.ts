// Lookup latency on the demo database and on the same database grown to the issue's scale. The
// API runs with its lookup cache off (LOOKUP_CACHE_SECONDS=0) both times, so every request reaches
// the database: this compares query plans, not cache hits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { startApi, waitFor } from '../../scripts/stack.cjs';
import { openDatabase } from '../../server/src/platform/db/client';
import { orders } from '../../server/src/platform/db/schema';
import { BROWSER_KEY_COOKIE } from '../../server/src/platform/plugins/browserKey';
import { sha256 } from '../../server/src/platform/security/tokens';
import { importData } from '../../server/src/catalog/import/importData';
import { readDemoData } from '../../server/src/catalog/import/seed';
import { sequentialLatency, type LoadResult } from './load';
import { dropDatabase, recreateDatabase } from './postgres';
import { growDatabase, type Query, type ScaleSize } from './scaleData';

const DEVICE = '11111111-1111-4111-8111-111111111111';

/** The lookups the issue names, with the demo's ids (kept in the grown database). */
export const SCALE_LOOKUPS = [
  { name: 'ListActiveStates', path: '/api/Fundraisers/ListActiveStates?itemId=0' },
  { name: 'schools of a state', path: '/api/Fundraisers/ListActiveSchools?location=Texas&itemId=0' },
  { name: 'fundraisers of a school', path: '/api/Fundraisers/ListActiveFundraisers?schoolId=1&itemId=0' },
  { name: 'GetOrder', path: '/api/Orders/GetOrder?orderId=1' },
  { name: 'ListOrders of a device', path: `/api/Orders/ListOrders?fdid=${DEVICE}` },
  // The page's own entry, or every page of its phone for a browser that confirmed the phone. The
  // phone-number lookups are not measured: they answer one sentence and text the phone (issue 16).
  { name: 'GetFundraisersForDevice', path: `/api/Orders/GetFundraisersForDevice?fdid=${DEVICE}` },
];

/**
 * The browser key that owns the demo's order 1 in the measured database, so GetOrder reads it
 * as its buyer's browser does (an order opens only for the browser that made it).
 */
const BENCH_BROWSER_KEY = 'bench-browser-key-0000000000000000000000000';
const OWNER_HEADERS = { cookie: `${BROWSER_KEY_COOKIE}=${BENCH_BROWSER_KEY}` };

export interface ScaleRow {
  name: string;
  small: LoadResult;
  large: LoadResult;
}

export interface ScaleResult {
  database: 'PostgreSQL' | 'PGlite';
  size: ScaleSize;
  generationSeconds: number;
  steps: { label: string; seconds: number }[];
  rows: ScaleRow[];
}

/**
 * One request at a time for `seconds` per lookup, after a warm-up pass: latency, not
 * throughput. Uncompressed, so the time is the query's and the answer's, and the size is the JSON's.
 */
async function latencies(apiBase: string, seconds: number): Promise<LoadResult[]> {
  // A warm-up pass over every lookup first: the server has just started.
  for (const lookup of SCALE_LOOKUPS) {
    await sequentialLatency(`${apiBase}${lookup.path}`, { seconds: 0.5, headers: OWNER_HEADERS });
  }
  const results: LoadResult[] = [];
  for (const lookup of SCALE_LOOKUPS) {
    const result = await sequentialLatency(`${apiBase}${lookup.path}`, { seconds, headers: OWNER_HEADERS });
    if (result.errors) throw new Error(`${lookup.name} answered with errors (${result.errors}) at ${apiBase}`);
    results.push(result);
  }
  return results;
}

export async function measureScale(
  database: 'PostgreSQL' | 'PGlite',
  { size, seconds = 2, port = 19086 }: { size: ScaleSize; seconds?: number; port?: number },
): Promise<ScaleResult> {
  const dbName = 'fu_bench_scale';
  const dataDir = database === 'PGlite' ? mkdtempSync(path.join(tmpdir(), 'fu-bench-scale-')) : '';
  const databaseUrl = database === 'PostgreSQL' ? await recreateDatabase(dbName) : '';
  try {
    // Schema and demo data, as the API would make them on first start.
    const handle = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    await importData(handle.db, readDemoData());
    await handle.db
      .update(orders)
      .set({ ownerKeyHash: sha256(BENCH_BROWSER_KEY) })
      .where(eq(orders.id, 1));
    await handle.close();

    const env = {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOOKUP_CACHE_SECONDS: '0',
      REMINDER_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'warn',
    };
    const apiBase = `http://127.0.0.1:${port}`;
    const measure = async () => {
      const api = startApi({ port, env, output: 'stderr' });
      try {
        await waitFor(`${apiBase}/api/health`, { server: api, timeoutMs: 180_000 });
        return await latencies(apiBase, seconds);
      } finally {
        await api.stop();
      }
    };

    const small = await measure();
    let query: Query;
    let close: () => Promise<void>;
    if (database === 'PostgreSQL') {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      query = async (sql) => (await client.query(sql)).rows;
      close = () => client.end();
    } else {
      const client = new PGlite(dataDir);
      query = async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
      close = () => client.close();
    }
    const started = performance.now();
    const steps = await growDatabase(query, size).finally(close);
    const generationSeconds = (performance.now() - started) / 1000;
    const large = await measure();
    return {
      database,
      size,
      generationSeconds,
      steps,
      rows: SCALE_LOOKUPS.map((lookup, i) => ({ name: lookup.name, small: small[i]!, large: large[i]! })),
    };
  } finally {
    if (databaseUrl) await dropDatabase(dbName);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** The scale section of RESULTS.md. */
export function scaleMarkdown(result: ScaleResult): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const lines = [
    `| ${result.database}: lookup, one request at a time | demo DB p50 / p99 ms | ${n(result.size.schools)} schools, ${n(result.size.fundraisers)} fundraisers, ${n(result.size.orders)} orders: p50 / p99 ms | p50 ratio | JSON bytes, demo → large |`,
    `| --- | --- | --- | --- | --- |`,
    ...result.rows.map((row) => {
      const ratio = row.large.p50Ms / row.small.p50Ms;
      return `| ${row.name} | ${ms(row.small.p50Ms)} / ${ms(row.small.p99Ms)} | ${ms(row.large.p50Ms)} / ${ms(row.large.p99Ms)} | ${ratio > 2 ? `**${ratio.toFixed(2)}×**` : `${ratio.toFixed(2)}×`} | ${n(row.small.bytes ?? 0)} → ${n(row.large.bytes ?? 0)} |`;
    }),
    ``,
    `Grown in ${result.generationSeconds.toFixed(0)} s (${result.steps.map((s) => `${s.label} ${s.seconds.toFixed(1)} s`).join(', ')}).`,
    ``,
  ];
  return lines.join('\n');
}
