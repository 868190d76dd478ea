import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { repoRoot } from '../../platform/config/config';
import type { Database } from '../../platform/db/client';
import { SEED_LOCK_KEY } from '../../platform/db/migrate';
import { schools } from '../../platform/db/schema';
import { importData } from './importData';

export const demoDataPath = path.join(repoRoot, 'server', 'src', 'catalog', 'import', 'demo-data.json');

export function readDemoData(): unknown {
  return JSON.parse(readFileSync(demoDataPath, 'utf8'));
}

/** Loads the demo data through the operator import, but only into an empty database. */
export async function seedDemoIfEmpty(db: Database, log: Pick<FastifyBaseLogger, 'info'>): Promise<boolean> {
  const summary = await db.transaction(async (tx) => {
    // Instances starting together on an empty database would each find it empty and import. The
    // lock lets one at a time look; the next sees the first's committed schools and does nothing.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
    const [row] = await tx.select({ n: count() }).from(schools);
    if ((row?.n ?? 0) > 0) return undefined;
    return importData(tx, readDemoData());
  });
  if (!summary) return false;
  log.info({ summary }, 'Loaded the demo data into the empty database');
  return true;
}
