import { isCashOrCheck } from '@fu/shared/rules';
import { and, asc, eq, exists, gte, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import {
  browserPhones,
  emailOutbox,
  fundraiserDevices,
  orderNotices,
  orders,
  payments,
  smsOutbox,
  ticketPurchases,
} from '../../platform/db/schema';

/** What decides whether, and on whose budget, an order's receipt may be e-mailed (orders/services/paidOrderNotices.ts). */
export type EmailContext =
  | { recordedByStudent: false }
  | {
      /** A cash or check sale a student recorded on their page (no payment taken by the site). */
      recordedByStudent: true;
      /** The phone of the page the sale was recorded on. */
      phone: string;
      /** The browser that recorded the sale proved it controls that phone (a texted code confirmed in it). */
      recorderOwnsPhone: boolean;
    };

/** What is done once for a paid order, and what it tells the buyer about. */
export function orderNoticeRepository(db: Database) {
  return {
    /**
     * How the order's sale was taken (EmailContext): for a sale a student recorded, the page's phone
     * and whether the browser that recorded it (the order's owner) proved that phone. A page's own
     * confirmation is not enough: confirming a phone confirms every page made with it, strangers'
     * too, and a stranger's browser never proves the phone.
     */
    async emailContextOf(orderId: number): Promise<EmailContext> {
      const recorderProof = db
        .select({ one: sql`1` })
        .from(browserPhones)
        .where(
          and(eq(browserPhones.browserKeyHash, orders.ownerKeyHash), eq(browserPhones.phone, fundraiserDevices.phone)),
        );
      const [row] = await db
        .select({
          studentSale: orders.studentSale,
          paymentTypeId: orders.paymentTypeId,
          phone: fundraiserDevices.phone,
          recorderOwnsPhone: sql<boolean>`exists(${recorderProof})`,
        })
        .from(orders)
        .innerJoin(fundraiserDevices, eq(fundraiserDevices.id, orders.fundraiserDeviceId))
        .where(eq(orders.id, orderId));
      if (!row || !row.studentSale || !isCashOrCheck(row.paymentTypeId)) return { recordedByStudent: false };
      return { recordedByStudent: true, phone: row.phone, recorderOwnsPhone: row.recorderOwnsPhone === true };
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

export type OrderNoticeRepository = ReturnType<typeof orderNoticeRepository>;
