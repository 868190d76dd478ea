import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { emailBudgets } from '../../platform/db/schema';

export type EmailBudgetKind = (typeof emailBudgets.$inferInsert)['kind'];

/** Today's UTC date in the database's clock, so every instance counts the same day. */
const today = sql`(now() at time zone 'utc')::date`;

/**
 * Daily e-mail budgets in the database, so every server instance draws on the same count: per
 * mailbox (`subject` the address as messaging/email/budget.ts reads it) and per student (`subject` the phone
 * of the student's pages). `take` is one conditional upsert: of many racing senders exactly
 * `limit` get a slot.
 */
export function emailBudgetRepository(db: Database) {
  const where = (kind: EmailBudgetKind, subject: string) =>
    and(eq(emailBudgets.kind, kind), eq(emailBudgets.subject, subject), eq(emailBudgets.day, today));
  return {
    /** Takes one of today's `limit` slots; false when none is left. */
    async take(kind: EmailBudgetKind, subject: string, limit: number): Promise<boolean> {
      if (limit <= 0) return false;
      const [row] = await db
        .insert(emailBudgets)
        .values({ kind, subject, day: today, used: 1 })
        .onConflictDoUpdate({
          target: [emailBudgets.kind, emailBudgets.subject, emailBudgets.day],
          set: { used: sql`${emailBudgets.used} + 1` },
          setWhere: lt(emailBudgets.used, limit),
        })
        .returning({ used: emailBudgets.used });
      return row !== undefined;
    },

    /** Gives a slot back (the e-mail was never sent). */
    async giveBack(kind: EmailBudgetKind, subject: string): Promise<void> {
      await db
        .update(emailBudgets)
        .set({ used: sql`greatest(${emailBudgets.used} - 1, 0)` })
        .where(where(kind, subject));
    },

    /** Forgets days before yesterday: the table stays small. */
    async prune(): Promise<void> {
      await db.delete(emailBudgets).where(lt(emailBudgets.day, sql`${today} - 1`));
    },
  };
}

export type EmailBudgetRepository = ReturnType<typeof emailBudgetRepository>;
