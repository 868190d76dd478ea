import type { PurchaseRow, TicketRepository } from '../repositories/tickets';

/**
 * The purchase guid a ticket's holder may see. It opens the buyer's page (/ManageDiscounts): every
 * ticket of the purchase, their links and the phones that registered them, and texting any of them.
 * So only the browser that bought the purchase gets it (its order's browser key); a friend holding
 * one ticket of it (its session guid) gets null (docs/security.md).
 */
export async function purchaseGuidFor(
  tickets: TicketRepository,
  purchase: PurchaseRow,
  browserKeyHash: string | undefined,
): Promise<string | null> {
  return (await tickets.boughtInBrowser(purchase, browserKeyHash)) ? purchase.guid : null;
}
