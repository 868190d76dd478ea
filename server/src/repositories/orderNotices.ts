import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderNotices, ticketPurchases } from '../db/schema';

export type OrderNoticeKind = (typeof orderNotices.$inferInsert)['kind'];

/** What is done once for a paid order, and what it tells the buyer about. */
export function orderNoticeRepository(db: Database) {
  return {
    /**
     * Takes the order's claim on `kind`: true for the one caller that gets it (a unique row), false
     * for every later or concurrent one.
     */
    async claim(orderId: number, kind: OrderNoticeKind): Promise<boolean> {
      const rows = await db
        .insert(orderNotices)
        .values({ orderId, kind })
        .onConflictDoNothing()
        .returning({ orderId: orderNotices.orderId });
      return rows.length > 0;
    },

    /**
     * The ticket purchases the order issued (one per ticket line) in line order, with the phone
     * they were issued to; revoked ones left out.
     */
    async ticketPurchasesOfOrder(orderId: number): Promise<{ guid: string; phone: string | null }[]> {
      const rows = await db
        .select({ guid: ticketPurchases.guid, phone: ticketPurchases.phone, revokedAt: ticketPurchases.revokedAt })
        .from(ticketPurchases)
        .where(eq(ticketPurchases.orderId, orderId))
        .orderBy(asc(ticketPurchases.id));
      return rows.filter((row) => row.revokedAt === null).map(({ guid, phone }) => ({ guid, phone }));
    },
  };
}
