import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { releaseEvents } from '../../platform/db/schema';

export type ReleaseAction = 'promote' | 'canary' | 'rollback';

export interface ReleaseEvent {
  action: ReleaseAction;
  /** The release promoted or put in canary; none for a rollback. */
  version: string | null;
  /** A canary's percentage of browsers. */
  share: number | null;
  /** The release's server build as promoted: its SHA-256, 'none' when it had none; null before migration 0019. */
  serverBuildSha256: string | null;
  actor: string;
  at: Date;
}

/** Advisory lock of the registry's writes, in the job locks' space (platform/repositories/jobLocks.ts). */
export const RELEASES_LOCK = [0x4675_6e64, 100] as const;

export interface NewReleaseEvent {
  remote: string;
  action: ReleaseAction;
  version?: string | null;
  share?: number | null;
  serverBuildSha256?: string | null;
  actor: string;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const eventOf = (row: typeof releaseEvents.$inferSelect): ReleaseEvent => ({
  action: row.action,
  version: row.version,
  share: row.share,
  serverBuildSha256: row.serverBuildSha256,
  actor: row.actor,
  at: row.createdAt,
});

/** The release registry's history (platform/db/schema.ts releaseEvents). */
export function releaseRepository(db: Database) {
  async function eventsIn(executor: Pick<Database, 'select'>, remote?: string): Promise<Map<string, ReleaseEvent[]>> {
    const rows = await executor
      .select()
      .from(releaseEvents)
      .where(remote === undefined ? undefined : eq(releaseEvents.remote, remote))
      .orderBy(asc(releaseEvents.id));
    const byRemote = new Map<string, ReleaseEvent[]>();
    for (const row of rows) {
      const events = byRemote.get(row.remote) ?? [];
      events.push(eventOf(row));
      byRemote.set(row.remote, events);
    }
    return byRemote;
  }

  return {
    /** Every remote's events, oldest first. */
    events: () => eventsIn(db),

    /**
     * Decides and writes one event with the registry locked: `decide` sees the remote's events as
     * they are and returns the event to add (or throws), so two promotions at once are taken one
     * after the other, each deciding on what the other wrote.
     */
    async append(
      remote: string,
      decide: (events: readonly ReleaseEvent[]) => Promise<NewReleaseEvent> | NewReleaseEvent,
    ): Promise<ReleaseEvent[]> {
      return db.transaction(async (tx: Transaction) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${RELEASES_LOCK[0]}, ${RELEASES_LOCK[1]})`);
        const events = (await eventsIn(tx, remote)).get(remote) ?? [];
        const event = await decide(events);
        const [row] = await tx.insert(releaseEvents).values(event).returning();
        return [...events, eventOf(row!)];
      });
    },
  };
}

export type ReleaseRepository = ReturnType<typeof releaseRepository>;
