import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { assertSchemaCurrent, migratePostgres, migrationsFolder } from './migrate';
import { ResilientPool } from './pool';
import * as schema from './schema';

/** The most connections one instance's pool opens to PostgreSQL (the LISTEN client is one more). */
export const POOL_MAX_CONNECTIONS = 10;

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database or an open transaction: repositories take one where a service decides what is atomic. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string (a dedicated client LISTENs on it); none for PGlite. */
  url?: string;
  /** How many migrations this process applied as it opened the database (0: the schema was current). */
  migrationsApplied?: number;
  close(): Promise<void>;
}

/**
 * PostgreSQL through `pg` when a URL is given, otherwise embedded PGlite in `dataDir`
 * (in memory when dataDir is empty). PGlite is always migrated before the handle is returned;
 * PostgreSQL too unless `migrateOnStart` is false, in which case a schema behind this version's
 * migrations is refused (SchemaBehindError) rather than served.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  migrateOnStart?: boolean;
  /**
   * An in-memory PGlite's starting data directory (a `dumpDataDir()` of an initialised one): PGlite
   * then skips creating a cluster, which takes seconds. The tests' template (test/databaseTemplates.ts).
   */
  pgliteDump?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Without a connect timeout a request waits forever on a server that does not answer. After 5 s
    // it fails and the error handler answers 503 (platform/db/unavailable.ts); the same bound applies to the
    // wait for a free connection, so an overloaded pool sheds requests instead of piling them up.
    // A connection dropped by the server (restart, failover, maintenance) must not crash the
    // process, idle or in use (platform/db/pool.ts); the pool replaces it on the next query.
    const pool = new ResilientPool(
      { connectionString: options.databaseUrl, max: POOL_MAX_CONNECTIONS, connectionTimeoutMillis: 5_000 },
      (message) => console.warn(`PostgreSQL connection lost: ${message}`),
    );
    let migrationsApplied = 0;
    try {
      if (options.migrateOnStart === false) await assertSchemaCurrent(pool);
      else migrationsApplied = await migratePostgres(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      url: options.databaseUrl,
      migrationsApplied,
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : new PGlite(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {});
  const db = drizzlePglite(client, { schema });
  // One process owns a PGlite directory, so nothing to lock; it is always migrated.
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', migrationsApplied: 0, close: () => client.close() };
}
