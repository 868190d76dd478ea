// Tickets issued by paid orders (tickets/services/issueTickets.ts decides what an order issues); these are
// its statements, on the payment's transaction.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Language } from '@fu/shared/i18n/languages';
import type { Executor } from '../../platform/db/client';
import {
  itemOptions,
  orderLines,
  orders,
  ticketPurchaseSessions,
  ticketPurchases,
  tickets,
} from '../../platform/db/schema';

/** The order's fundraiser, the supporter's phone and the order's language, if the order exists. */
export async function orderOfTickets(
  tx: Executor,
  orderId: number,
): Promise<{ fundraiserId: number; phone: string | null; language: Language } | undefined> {
  const [order] = await tx
    .select({ fundraiserId: orders.fundraiserId, phone: orders.supporterPhoneNumber, language: orders.language })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** The order's lines of a ticket-type option (itemOptionTypeId above 0) with a quantity, in order. */
export async function ticketLinesOfOrder(tx: Executor, orderId: number): Promise<{ id: number; quantity: number }[]> {
  return tx
    .select({ id: orderLines.id, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(itemOptions, eq(itemOptions.id, orderLines.itemOptionId))
    .where(and(eq(orderLines.orderId, orderId), gt(itemOptions.itemOptionTypeId, 0), gt(orderLines.quantity, 0)))
    .orderBy(asc(orderLines.id));
}

/** The fundraiser's ticket: the first one it has. */
export async function firstTicketOfFundraiser(tx: Executor, fundraiserId: number): Promise<number | undefined> {
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.fundraiserId, fundraiserId))
    .orderBy(asc(tickets.id))
    .limit(1);
  return ticket?.id;
}

/**
 * A new purchase for the order line, with `quantity` sessions (ticket links); undefined when the
 * line already has its purchase (unique order_line_id, `ON CONFLICT DO NOTHING`).
 */
export async function insertPurchaseOfLine(
  tx: Executor,
  values: {
    ticketId: number;
    orderId: number;
    orderLineId: number;
    phone: string | null;
    language: Language;
    quantity: number;
  },
): Promise<string | undefined> {
  const { quantity, ...purchaseValues } = values;
  const [purchase] = await tx
    .insert(ticketPurchases)
    .values({ guid: randomUUID(), ...purchaseValues })
    .onConflictDoNothing({ target: ticketPurchases.orderLineId })
    .returning({ id: ticketPurchases.id, guid: ticketPurchases.guid });
  if (!purchase) return undefined;
  await tx
    .insert(ticketPurchaseSessions)
    .values(Array.from({ length: quantity }, () => ({ guid: randomUUID(), ticketPurchaseId: purchase.id })));
  return purchase.guid;
}
