import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { createFromTemplate } from './databaseTemplates';

/**
 * Support for the multi-instance suite (test/multiInstance.*.test.ts): several API instances on one
 * PostgreSQL and one Redis. CI's machine has both; a newcomer's may have neither, so the suite skips
 * with the reason `multiInstanceSkip()` gives.
 */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname.replace(/^\[|\]$/g, ''));
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.on('connect', () => done(true));
    socket.on('error', () => done(false));
  });
}

/** Why the multi-instance suite cannot run here (a sentence for node:test's skip), or false when it can. */
export async function multiInstanceSkip(): Promise<string | false> {
  if (!process.env.DATABASE_URL) {
    return 'multi-instance suite needs PostgreSQL: set DATABASE_URL (CI does when 127.0.0.1:5432 answers)';
  }
  if (!(await answers(TEST_REDIS_URL))) {
    return `multi-instance suite needs Redis: nothing answers at ${TEST_REDIS_URL} (set REDIS_URL)`;
  }
  return false;
}

/**
 * A new database on DATABASE_URL's server, for instances to start on: empty (no tables: nothing
 * migrated), or `migrated` (a copy of the migrated template, test/databaseTemplates.ts); `drop()`
 * removes it.
 */
export async function emptyDatabase(
  prefix = 'fu_multi',
  { migrated = false } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (migrated) await createFromTemplate(adminUrl, name);
  else {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A key prefix no other test run uses, so tests share one Redis without seeing each other's counts. */
export const uniqueRedisPrefix = () => `fu-test-${randomBytes(6).toString('hex')}:`;

/** Polls `check` until it returns true or `ms` pass; resolves to whether it did (no fixed sleeps). */
export async function eventually(check: () => Promise<boolean>, ms: number, everyMs = 25): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
