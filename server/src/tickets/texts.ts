import type { Language } from '@fu/shared/i18n/languages';
import { formatPhone } from '@fu/shared/rules';
import { translatorFor } from '../platform/i18n/translate';

// What a ticket's texts say (spec §9), and the answers that tell the page a text went out. Every text
// starts with its sender, the school and team (messaging/sms/sender.ts), and names the ticket only as
// messaging/sms/textSafe.ts lets a typed name through: the callers pass both already fit to send.
// Each in the language of the page that asked for it (docs/i18n.md).

/** A text's sender and the ticket's name, both fit to send (messaging/sms/sender.ts textSender, textSafeName); the name may be ''. */
export interface TicketTextNames {
  sender: string;
  ticketName: string;
}

/** The RegisterDevice link texted to the phone that activates (or moves) a ticket. */
export const registerDeviceUrl = (publicUrl: string, guid: string, phone: string, code: string) =>
  `${publicUrl.replace(/\/$/, '')}/ActivateTicket/${guid}/RegisterDevice/${phone}?code=${code}`;

/**
 * The ticket link a buyer texts (ShareTicketPurchase): spec §9's `{origin}/activateticket/{guid}`
 * with a single-use code, so the phone that opens it registers the ticket without typing its number
 * again or waiting for a second text. No phone in it: a forwarded link names nobody.
 */
export const sharedTicketUrl = (link: string, code: string) => `${link}?code=${code}`;

export const activationText = (
  { sender, ticketName }: TicketTextNames,
  minutes: number,
  url: string,
  language: Language = 'en',
) =>
  translatorFor(language)(ticketName ? 'server.sms.activationNamed' : 'server.sms.activation', {
    sender,
    ticketName,
    minutes,
    url,
  });

export const activationTexted = (phone: string, language: Language = 'en') =>
  translatorFor(language)('server.answer.activationTexted', { phone: formatPhone(phone) });

/** ManageDiscounts: a purchased ticket's link sent to whoever will use it. */
export const sharedTicketText = (
  { sender, ticketName }: TicketTextNames,
  days: number,
  link: string,
  language: Language = 'en',
) =>
  translatorFor(language)(ticketName ? 'server.sms.sharedTicketNamed' : 'server.sms.sharedTicket', {
    sender,
    ticketName,
    days,
    link,
  });

export const sharedTicketTexted = (ticket: { number: number; of: number }, phone: string, language: Language = 'en') =>
  translatorFor(language)('server.answer.sharedTicketTexted', {
    number: ticket.number,
    of: ticket.of,
    phone: formatPhone(phone),
  });
