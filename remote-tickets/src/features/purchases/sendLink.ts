/** Spec §5 send link: digits only, 10 or 11 of them. */
export function sendLinkDigits(value: string): string | null {
  return /^\d{10,11}$/.test(value) ? value : null;
}

/** Spec §9: a ticket's link is the site's origin plus /activateticket/{guid}. */
export const ticketLink = (origin: string, guid: string) => `${origin}/activateticket/${guid}`;
