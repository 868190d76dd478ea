import { formatPhone } from '@fu/shared/rules';

// What a ticket's texts say (spec §9), and the answers that tell the page a text went out.

/** The RegisterDevice link texted to the phone that activates (or moves) a ticket. */
export const registerDeviceUrl = (publicUrl: string, guid: string, phone: string, code: string) =>
  `${publicUrl.replace(/\/$/, '')}/ActivateTicket/${guid}/RegisterDevice/${phone}?code=${code}`;

export const activationText = (ticketName: string, minutes: number, url: string) =>
  `${ticketName}: open this link on the phone you will show at checkout to finish registering your ticket (valid ${minutes} minutes): ${url}`;

export const activationTexted = (phone: string) =>
  `We texted a link to ${formatPhone(phone)}. Open it on that phone to finish registering your ticket.`;

/** ManageDiscounts: a purchased ticket's link sent to whoever will use it. */
export const sharedTicketText = (ticketName: string, link: string) =>
  `You have a ${ticketName} digital ticket! Open it here: ${link}`;

export const sharedTicketTexted = (ticket: { number: number; of: number }, phone: string) =>
  `Ticket ${ticket.number} of ${ticket.of} was sent to ${formatPhone(phone)}.`;
