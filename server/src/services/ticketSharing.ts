import { TICKET_MESSAGES, type TicketMessage } from '@fu/shared/contracts';
import type { Database } from '../db/client';
import { HttpError, notFound } from '../errors';
import { ticketRepository } from '../repositories/tickets';
import type { SmsProvider } from '../sms';
import { sharedTicketText, sharedTicketTexted } from '../tickets/texts';
import { sendTicketText } from './ticketSms';

/**
 * ManageDiscounts: texts the link of one ticket of a purchase to whoever will use it, the one named
 * or else the first not activated yet. An activated ticket's link is not sent again.
 */
export async function shareTicket(
  db: Database,
  sms: SmsProvider,
  options: { purchaseGuid: string; sessionGuid?: string; phone: string; publicUrl: string },
): Promise<TicketMessage> {
  const purchases = await ticketRepository(db).purchases(options.purchaseGuid, options.publicUrl);
  if (!purchases) throw notFound(TICKET_MESSAGES.noPurchase);
  const wanted = options.sessionGuid?.toLowerCase();
  const ticket = wanted
    ? purchases.tickets.find((t) => t.guid === wanted)
    : purchases.tickets.find((t) => !t.activated);
  if (!ticket) {
    if (wanted) throw notFound('That ticket is not part of this purchase.');
    throw new HttpError(409, 'Every ticket in this purchase is already activated.');
  }
  if (ticket.activated)
    throw new HttpError(409, 'This ticket is already activated, so its link can no longer be sent.');
  await sendTicketText(sms, options.phone, sharedTicketText(purchases.ticketName, ticket.link));
  return { message: sharedTicketTexted(ticket, options.phone) };
}
