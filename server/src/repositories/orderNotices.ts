import { isCashOrCheck } from '@fu/shared/rules';
import { and, asc, eq, exists, gte, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  emailOutbox,
  fundraiserDevices,
  orderNotices,
  orders,
  payments,
  smsOutbox,
  ticketPurchases,
} from '../db/schema';

/** What decides whether, and on whose budget, an order's receipt may be e-mailed (services/paidOrderNotices.ts). */
export interface EmailContext {
  /** A cash or check sale the student recorded on their own page (no payment taken by the site). */
  recordedByStudent: boolean;
  /** The student page the order belongs to, if any. */
  studentPageId: number | null;
  /** That page's phone was confirmed by its owner (a texted code). */
  pageConfirmed: boolean;
}

/** What is done once for a paid order, and what it tells the buyer about. */
export function orderNoticeRepository(db: Database) {
  return {
    /** The order's student page and how its sale was taken (EmailContext); a missing order is nobody's. */
    async emailContextOf(orderId: number): Promise<EmailContext> {
      const [row] = await db
        .select({
          studentSale: orders.studentSale,
          paymentTypeId: orders.paymentTypeId,
          studentPageId: orders.fundraiserDeviceId,
          pageVerifiedAt: fundraiserDevices.phoneVerifiedAt,
        })
        .from(orders)
        .leftJoin(fundraiserDevices, eq(fundraiserDevices.id, orders.fundraiserDeviceId))
        .where(eq(orders.id, orderId));
      if (!row) return { recordedByStudent: false, studentPageId: null, pageConfirmed: false };
      return {
        recordedByStudent: row.studentSale && isCashOrCheck(row.paymentTypeId),
        studentPageId: row.studentPageId,
        pageConfirmed: row.pageVerifiedAt !== null,
      };
    },

    /**
     * Cash and check sales the organisation confirmed it received between `since` and `until`
     * whose tax receipt was never stored (the server stopped before its background e-mail), with
     * an address to send it to. Oldest first.
     */
    async receivedOrdersMissingReceipt(since: Date, until: Date, limit: number): Promise<number[]> {
      const stored = db
        .select({ one: sql`1` })
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, sql`'receipt-order-' || ${orders.id} || '-received'`));
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            gte(orders.cashReceivedAt, since),
            lte(orders.cashReceivedAt, until),
            sql`coalesce(btrim(${orders.donorEmail}), '') <> ''`,
            notExists(stored),
          ),
        )
        .orderBy(asc(orders.cashReceivedAt))
        .limit(limit);
      return rows.map((row) => row.id);
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
     * no receipt e-mail stored, or issued tickets with a phone and no tickets text stored (the
     * server stopped between committing the payment and its background notices). A tickets text
     * claimed in `order_notices` counts as stored: versions before the text's dedupe key claimed it
     * there. Only orders paid through this server: imported paid orders have no payment row.
     * Oldest first.
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
      const textStored = db
        .select({ one: sql`1` })
        .from(smsOutbox)
        .where(eq(smsOutbox.dedupeKey, sql`'tickets-order-' || ${orders.id}`));
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
              and(exists(ticketsIssued), notExists(textStored), notExists(textClaimed)),
            ),
          ),
        )
        .orderBy(asc(orders.paidAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}
