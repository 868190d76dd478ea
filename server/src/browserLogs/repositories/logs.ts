import { desc, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { logs } from '../../platform/db/schema';

/** Errors the browser reports (Logger/Log), kept in `logs` until the pruning job deletes them. */
export function logRepository(db: Database) {
  /** Deletes the rows among the first `batch` that `where` selects; how many it deleted. */
  const deleteSome = async (where: SQL, batch: number): Promise<number> => {
    const some = db.select({ id: logs.id }).from(logs).where(where).limit(batch);
    const deleted = await db.delete(logs).where(inArray(logs.id, some)).returning({ id: logs.id });
    return deleted.length;
  };
  return {
    async add(level: number, message: string): Promise<void> {
      await db.insert(logs).values({ level, message });
    },
    /** Deletes up to `batch` rows made before `cutoff`; how many. */
    deleteOlderThan: (cutoff: Date, batch: number) => deleteSome(lt(logs.createdAt, cutoff), batch),
    /** The id of the newest row after the newest `keep` (it and every older row go), if there are more. */
    async idBeyondNewest(keep: number): Promise<number | undefined> {
      const [row] = await db.select({ id: logs.id }).from(logs).orderBy(desc(logs.id)).limit(1).offset(keep);
      return row?.id;
    },
    /** Deletes up to `batch` rows whose id is at most `id`; how many. */
    deleteUpTo: (id: number, batch: number) => deleteSome(lte(logs.id, id), batch),
  };
}

export type LogRepository = ReturnType<typeof logRepository>;
