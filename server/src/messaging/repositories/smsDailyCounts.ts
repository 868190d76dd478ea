import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { smsDailyCounts } from '../../platform/db/schema';

/** Today's UTC date in the database's clock, so every instance counts the same day. */
const today = sql`(now() at time zone 'utc')::date`;

/**
 * The texts handed to the SMS provider per UTC day, by every instance together (`sms_daily_counts`).
 * `take` is one conditional upsert: of many racing tries exactly `cap` are counted.
 */
export function smsDailyCountRepository(db: Database) {
  return {
    /** Counts one more text today; false, counting nothing, when `cap` were counted already. */
    async take(cap: number): Promise<boolean> {
      const [row] = await db
        .insert(smsDailyCounts)
        .values({ day: today, sent: 1 })
        .onConflictDoUpdate({
          target: smsDailyCounts.day,
          set: { sent: sql`${smsDailyCounts.sent} + 1` },
          setWhere: lt(smsDailyCounts.sent, cap),
        })
        .returning({ sent: smsDailyCounts.sent });
      return row !== undefined;
    },
  };
}

export type SmsDailyCountRepository = ReturnType<typeof smsDailyCountRepository>;
