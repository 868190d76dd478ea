import type { Database } from '../db/client';
import { logs } from '../db/schema';

/** Errors the browser reports (Logger/Log), kept in `logs`. */
export function logRepository(db: Database) {
  return {
    async add(level: number, message: string): Promise<void> {
      await db.insert(logs).values({ level, message });
    },
  };
}
