// Fresh databases for the tests, made from a migrated template instead of from nothing. Creating a
// PGlite cluster takes about two seconds and migrating a PostgreSQL database about one; the suites
// make a few hundred of each. The template is keyed by the migrations and the PGlite version, so a
// changed migration makes a new one; it is built once per machine (PGlite: a file in the temporary
// folder) or per server (PostgreSQL: a database), and every test still migrates what it opens (a
// no-op on the template's copy), so a stale template cannot hide a migration.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migratePostgres, migrationsFolder } from '../src/platform/db/migrate';

/** PGlite's version (its package.json, which its exports do not list). */
function pgliteVersion(): string {
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

/** A short hash of every migration file and the PGlite version: the templates' key. */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  for (const name of readdirSync(migrationsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(path.join(migrationsFolder, name)));
  }
  hash.update(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

let pgliteDump: Promise<Blob> | undefined;

/** A migrated, empty PGlite data directory to start each in-memory test database from. */
export function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(tmpdir(), `fu-pglite-template-${templateKey()}.tar`);
    if (!existsSync(file)) {
      const client = new PGlite();
      try {
        await migrate(drizzle(client), { migrationsFolder });
        const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
        // Written aside, then renamed: a test file started beside this one reads a whole file or none.
        const partial = `${file}.${randomBytes(6).toString('hex')}`;
        writeFileSync(partial, dump);
        renameSync(partial, file);
      } finally {
        await client.close();
      }
    }
    return new Blob([readFileSync(file)]);
  })();
  return pgliteDump;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Creates database `name` on the PostgreSQL server at `adminUrl` as a copy of a migrated template
 * (made once per server and migrations; concurrent runs wait for each other on an advisory lock).
 */
export async function createFromTemplate(adminUrl: string, name: string): Promise<void> {
  const template = `fu_test_template_${templateKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (!rowCount) await buildTemplate(adminUrl, admin, template);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
    await admin.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(template)}`);
  } finally {
    await admin.end();
  }
}

/** Migrates a new database under another name, then renames it: a template is whole or absent. */
async function buildTemplate(adminUrl: string, admin: pg.Client, template: string): Promise<void> {
  const building = `${template}_building`;
  await admin.query(`DROP DATABASE IF EXISTS ${quoted(building)} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${quoted(building)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${building}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    await migratePostgres(pool);
  } finally {
    await pool.end();
  }
  await admin.query(`ALTER DATABASE ${quoted(building)} RENAME TO ${quoted(template)}`);
}
