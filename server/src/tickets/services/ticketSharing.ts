import { TICKET_MESSAGES, type TicketMessage } from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import type { Database } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/http/errors';
import type { TextSenderRepository } from '../../messaging/repositories/textSenders';
import type { TicketRepository } from '../repositories/tickets';
import type { SmsProvider } from '../../messaging/sms';
import { textSender } from '../../messaging/sms/sender';
import { textSafeName } from '../../messaging/sms/textSafe';
import { sharedTicketText, sharedTicketTexted, sharedTicketUrl } from '../texts';
import { issueActivationCode } from './ticketActivationCodes';
import { sendTicketText } from './ticketSms';

/**
 * ManageDiscounts: texts the link of one ticket of a purchase to whoever will use it, the one named
 * or else the first not activated yet. An activated ticket's link is not sent again. The link carries
 * a single-use code (kind 'share', valid `linkDays`, only its hash stored; a newer link of the ticket
 * retires it): the phone that opens it registers the ticket at once, with the number it was texted
 * to, without a second text. A second device is refused like any used code. The text and the answer
 * are in `language`, the buyer's page's.
 */
export async function shareTicket(
  db: Database,
  { tickets, textSenders }: { tickets: TicketRepository; textSenders: TextSenderRepository },
  sms: SmsProvider,
  options: {
    purchaseGuid: string;
    sessionGuid?: string;
    phone: string;
    publicUrl: string;
    linkDays: number;
    language?: Language;
  },
): Promise<TicketMessage> {
  const purchases = await tickets.purchases(options.purchaseGuid, options.publicUrl);
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
  const resolved = await tickets.resolve(ticket.guid);
  if (resolved?.kind !== 'session') throw notFound('That ticket is not part of this purchase.');
  const code = await issueActivationCode(db, {
    sessionId: resolved.session.id,
    phone: options.phone,
    kind: 'share',
    minutes: options.linkDays * 24 * 60,
  });
  const names = {
    sender: textSender(await textSenders.ofFundraiser(resolved.ticket.fundraiserId)),
    ticketName: textSafeName(resolved.ticket.name, ''),
  };
  const language = options.language ?? 'en';
  const text = sharedTicketText(names, options.linkDays, sharedTicketUrl(ticket.link, code), language);
  await sendTicketText(sms, options.phone, text);
  return { message: sharedTicketTexted(ticket, options.phone, language) };
}
