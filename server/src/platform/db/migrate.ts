import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { repoRoot } from '../config/repoRoot';

export const migrationsFolder = path.join(repoRoot, 'server', 'drizzle');

/**
 * Advisory lock keys (any fixed numbers no other program on the database uses). Every migration run
 * takes the first, so instances starting together and `npm run migrate` never migrate at once; the
 * demo seed takes the second inside its transaction.
 */
export const MIGRATION_LOCK_KEY = 7_104_218_001;
export const SEED_LOCK_KEY = 7_104_218_002;

export class SchemaBehindError extends Error {
  constructor() {
    super('The database schema is behind this version: run `npm run migrate` first.');
    this.name = 'SchemaBehindError';
  }
}

/** How many of this version's migrations the database has not applied (drizzle's own bookkeeping). */
async function pendingMigrations(client: pg.PoolClient): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const { rows } = await client.query<{ table: string | null }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations')::text AS "table"`,
  );
  if (!rows[0]?.table) return migrations.length;
  const last = await client.query<{ at: string | null }>(
    'SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations',
  );
  const lastAt = Number(last.rows[0]?.at ?? 0);
  return migrations.filter((migration) => migration.folderMillis > lastAt).length;
}

/** Runs `work` on one connection holding the migration lock; waits while another process holds it. */
async function underMigrationLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch((error: Error) => {
        // A connection that cannot unlock is dropped, which releases its session lock too.
        broken = error;
      });
    }
  } finally {
    client.release(broken);
  }
}

/**
 * Applies this version's pending migrations to PostgreSQL under the migration lock: the first
 * process applies them, the others wait and then find nothing left. Resolves to how many it applied.
 */
export function migratePostgres(pool: pg.Pool): Promise<number> {
  return underMigrationLock(pool, async (client) => {
    const pending = await pendingMigrations(client);
    if (pending > 0) await migrate(drizzle(client), { migrationsFolder });
    return pending;
  });
}

/** Throws SchemaBehindError when the database lacks a migration of this version (migrations off at start). */
export async function assertSchemaCurrent(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    if ((await pendingMigrations(client)) > 0) throw new SchemaBehindError();
  } finally {
    client.release();
  }
}
