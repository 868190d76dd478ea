import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { importData } from '../src/import/importData';
import { readDemoData } from '../src/import/seed';
import type { PaymentGateway } from '../src/payments/gateway';
import type { Storage } from '../src/storage';

/**
 * A fresh database for one test file: in-memory PGlite, or — when DATABASE_URL is set — a new
 * uniquely named database on that PostgreSQL server, dropped again by `drop()`.
 */
export async function freshDatabase(): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: '' });
    return { ...handle, drop: async () => {} };
  }
  const name = `fu_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  let closed = false;
  const close = async () => {
    if (!closed) await handle.close();
    closed = true;
  };
  return {
    ...handle,
    close,
    drop: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Approves every charge, for tests about what a paid order does rather than about cards. */
export const approvingGateway: PaymentGateway = {
  charge: async (request) => ({
    status: 'approved',
    reference: `ref-${request.idempotencyKey}`,
    brand: 'visa',
    last4: '1111',
    amount: request.amount,
  }),
  findCharge: async () => null,
};

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The whole app on a fresh database, with the demo data loaded unless `demo: false`. */
export async function createTestApp(
  options: {
    demo?: boolean;
    config?: Partial<Config>;
    gateway?: PaymentGateway;
    storage?: Storage;
    onRoute?: BuildOptions['onRoute'];
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  if (options.demo !== false) await importData(database.db, readDemoData());
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    gateway: options.gateway,
    storage: options.storage,
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
