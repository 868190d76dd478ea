// The PostgreSQL half of the benchmarks: a server is optional (a newcomer's machine has none), and
// the benchmarks use databases of their own, recreated each run, never the test suite's.
import pg from 'pg';

/** Where the benchmarks look for PostgreSQL; any database there will do to create theirs. */
export const BENCH_POSTGRES_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Whether a PostgreSQL server answers at `url` (within a few seconds), and if not, why. */
export async function postgresReachable(url = BENCH_POSTGRES_URL): Promise<{ ok: true } | { ok: false; why: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Drops and creates database `name` on the server of `url`; returns the new database's URL. */
export async function recreateDatabase(name: string, url = BENCH_POSTGRES_URL): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Drops database `name` (at the end of a run, so big benchmark databases do not linger). */
export async function dropDatabase(name: string, url = BENCH_POSTGRES_URL): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
