import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { repoRoot } from '../config';
import type { Database } from '../db/client';
import { schools } from '../db/schema';
import { importData } from './importData';

export const demoDataPath = path.join(repoRoot, 'server', 'src', 'demo', 'demo-data.json');

export function readDemoData(): unknown {
  return JSON.parse(readFileSync(demoDataPath, 'utf8'));
}

/** Loads the demo data through the operator import, but only into an empty database. */
export async function seedDemoIfEmpty(db: Database, log: Pick<FastifyBaseLogger, 'info'>): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schools);
  if ((row?.n ?? 0) > 0) return false;
  const summary = await importData(db, readDemoData());
  log.info({ summary }, 'Loaded the demo data into the empty database');
  return true;
}
