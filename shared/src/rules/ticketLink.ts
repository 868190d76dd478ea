/** Spec §9: a ticket's link is the site's origin plus /activateticket/{guid}. */
export const ticketLink = (origin: string, sessionGuid: string): string =>
  `${origin.replace(/\/$/, '')}/activateticket/${sessionGuid}`;
