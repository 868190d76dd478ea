import { and, asc, eq, exists, gte, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox, orderNotices, orders, payments, ticketPurchases } from '../db/schema';

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

    /**
     * Orders paid between `since` and `until` whose notices never went out: an e-mail address and
     * no receipt e-mail stored, or issued tickets with a phone and no tickets text claimed (the
     * server stopped between committing the payment and its background notices). Only orders paid
     * through this server: imported paid orders have no payment row. Oldest first.
     */
    async paidOrdersMissingNotices(since: Date, until: Date, limit: number): Promise<number[]> {
      const receiptStored = db
        .select({ one: sql`1` })
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, sql`'receipt-order-' || ${orders.id}`));
      const ticketsIssued = db
        .select({ one: sql`1` })
        .from(ticketPurchases)
        .where(
          and(
            eq(ticketPurchases.orderId, orders.id),
            isNull(ticketPurchases.revokedAt),
            sql`${ticketPurchases.phone} IS NOT NULL`,
          ),
        );
      const textClaimed = db
        .select({ one: sql`1` })
        .from(orderNotices)
        .where(and(eq(orderNotices.orderId, orders.id), eq(orderNotices.kind, 'tickets_text')));
      // Paid here (an approved payment row), not imported from the old site: those were told then.
      const paidHere = db
        .select({ one: sql`1` })
        .from(payments)
        .where(and(eq(payments.orderId, orders.id), eq(payments.status, 'approved')));
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'paid'),
            exists(paidHere),
            gte(orders.paidAt, since),
            lte(orders.paidAt, until),
            or(
              and(sql`coalesce(btrim(${orders.donorEmail}), '') <> ''`, notExists(receiptStored)),
              and(exists(ticketsIssued), notExists(textClaimed)),
            ),
          ),
        )
        .orderBy(asc(orders.paidAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}
