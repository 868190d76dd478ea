import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { phoneBudgets } from '../../platform/db/schema';

export type PhoneBudgetPurpose = (typeof phoneBudgets.$inferInsert)['purpose'];

/** Today's UTC date in the database's clock, so every instance counts the same day. */
const today = sql`(now() at time zone 'utc')::date`;

/**
 * Per-phone daily budgets in the database, so every server instance draws on the same count.
 * `take` is one conditional upsert: of many racing requests exactly `limit` get a slot.
 */
export function phoneBudgetRepository(db: Database) {
  return {
    /** Takes one of today's `limit` slots for the phone and purpose; false when none is left. */
    async take(phone: string, purpose: PhoneBudgetPurpose, limit: number): Promise<boolean> {
      if (limit <= 0) return false;
      const [row] = await db
        .insert(phoneBudgets)
        .values({ phone, purpose, day: today, used: 1 })
        .onConflictDoUpdate({
          target: [phoneBudgets.phone, phoneBudgets.purpose, phoneBudgets.day],
          set: { used: sql`${phoneBudgets.used} + 1` },
          setWhere: lt(phoneBudgets.used, limit),
        })
        .returning({ used: phoneBudgets.used });
      return row !== undefined;
    },

    /** Gives a slot back (the text was never sent). */
    async giveBack(phone: string, purpose: PhoneBudgetPurpose): Promise<void> {
      await db
        .update(phoneBudgets)
        .set({ used: sql`greatest(${phoneBudgets.used} - 1, 0)` })
        .where(and(eq(phoneBudgets.phone, phone), eq(phoneBudgets.purpose, purpose), eq(phoneBudgets.day, today)));
    },

    /** How many of today's slots the phone has used for the purpose. */
    async usedToday(phone: string, purpose: PhoneBudgetPurpose): Promise<number> {
      const [row] = await db
        .select({ used: phoneBudgets.used })
        .from(phoneBudgets)
        .where(and(eq(phoneBudgets.phone, phone), eq(phoneBudgets.purpose, purpose), eq(phoneBudgets.day, today)));
      return row?.used ?? 0;
    },

    /** Forgets days before yesterday (the reminder job calls it): the table stays small. */
    async prune(): Promise<void> {
      await db.delete(phoneBudgets).where(lt(phoneBudgets.day, sql`${today} - 1`));
    },
  };
}

export type PhoneBudgetRepository = ReturnType<typeof phoneBudgetRepository>;
