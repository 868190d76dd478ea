import type { Executor } from '../../platform/db/client';
import { recordConsent } from '../../messaging/repositories/textConsents';
import {
  firstTicketOfFundraiser,
  insertPurchaseOfLine,
  orderOfTickets,
  ticketLinesOfOrder,
} from '../repositories/ticketPurchases';

/**
 * Issues the digital tickets an order paid for: each line whose option is a ticket type
 * (itemOptionTypeId above 0) becomes one ticket purchase of the fundraiser's ticket, with one
 * session (ticket link) per unit. Call it in the transaction that marks the order paid. A line
 * issues at most once (unique order_line_id), so a replay or a second call issues nothing.
 * Returns the purchase guids created now.
 *
 * `consentFrom`: the page where the buyer typed the phone the tickets' text goes to (the card
 * checkout), recorded as its consent to ticket texts when tickets are issued now (issue 34). A cash
 * or check sale passes none: its phone was typed by the student who recorded it, not its owner.
 */
export async function issueTickets(
  tx: Executor,
  orderId: number,
  { consentFrom }: { consentFrom?: string } = {},
): Promise<string[]> {
  const order = await orderOfTickets(tx, orderId);
  if (!order) return [];
  const lines = await ticketLinesOfOrder(tx, orderId);
  if (lines.length === 0) return [];
  const ticketId = await firstTicketOfFundraiser(tx, order.fundraiserId);
  if (ticketId === undefined) return [];

  const issued: string[] = [];
  for (const line of lines) {
    const guid = await insertPurchaseOfLine(tx, {
      ticketId,
      orderId,
      orderLineId: line.id,
      phone: order.phone,
      // Its texts speak the order's language (issue 35).
      language: order.language,
      quantity: line.quantity,
    });
    if (guid) issued.push(guid);
  }
  if (issued.length && order.phone && consentFrom) {
    await recordConsent(tx, {
      phone: order.phone,
      scope: 'ticket_texts',
      action: 'given',
      method: 'web_form',
      source: consentFrom,
    });
  }
  return issued;
}
