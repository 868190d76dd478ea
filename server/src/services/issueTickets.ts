import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { itemOptions, orderLines, orders, ticketPurchaseSessions, ticketPurchases, tickets } from '../db/schema';

/** A database or an open transaction: tickets are issued inside the payment's transaction. */
type Executor = Pick<Database, 'select' | 'insert'>;

/**
 * Issues the digital tickets an order paid for: each line whose option is a ticket type
 * (itemOptionTypeId above 0) becomes one ticket purchase of the fundraiser's ticket, with one
 * session (ticket link) per unit. Call it in the transaction that marks the order paid. A line
 * issues at most once (unique order_line_id), so a replay or a second call issues nothing.
 * Returns the purchase guids created now.
 */
export async function issueTickets(tx: Executor, orderId: number): Promise<string[]> {
  const [order] = await tx
    .select({ fundraiserId: orders.fundraiserId, phone: orders.supporterPhoneNumber })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return [];
  const lines = await tx
    .select({ id: orderLines.id, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(itemOptions, eq(itemOptions.id, orderLines.itemOptionId))
    .where(and(eq(orderLines.orderId, orderId), gt(itemOptions.itemOptionTypeId, 0), gt(orderLines.quantity, 0)))
    .orderBy(asc(orderLines.id));
  if (lines.length === 0) return [];
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.fundraiserId, order.fundraiserId))
    .orderBy(asc(tickets.id))
    .limit(1);
  if (!ticket) return [];

  const issued: string[] = [];
  for (const line of lines) {
    const [purchase] = await tx
      .insert(ticketPurchases)
      .values({ guid: randomUUID(), ticketId: ticket.id, orderId, orderLineId: line.id, phone: order.phone })
      .onConflictDoNothing({ target: ticketPurchases.orderLineId })
      .returning({ id: ticketPurchases.id, guid: ticketPurchases.guid });
    if (!purchase) continue;
    await tx
      .insert(ticketPurchaseSessions)
      .values(Array.from({ length: line.quantity }, () => ({ guid: randomUUID(), ticketPurchaseId: purchase.id })));
    issued.push(purchase.guid);
  }
  return issued;
}
