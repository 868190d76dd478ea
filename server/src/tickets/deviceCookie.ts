import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';

/** The httpOnly cookie that identifies this browser to the tickets it holds (docs/tickets-api.md). */
export const DEVICE_COOKIE = 'fu_ticket_device';

/** As long as browsers allow (400 days): the wallet should outlive a season. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/**
 * Where the browser sends it: the ticket calls, and the wallet's offers page, whose first screen
 * the server renders for the ticket's holder from the same calls (remote-tickets/src/pages.tsx).
 */
export const DEVICE_COOKIE_PATHS = ['/api/Tickets', '/MyOffers'] as const;

/** Sent only to the ticket calls and the offers page, never readable by scripts; Secure whenever the site is https. */
export function deviceCookieOptions(https: boolean, path: string = DEVICE_COOKIE_PATHS[0]): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: https, path, maxAge: MAX_AGE_SECONDS };
}

/**
 * Sets the device cookie on each of its paths. The ticket calls set it again on every session check,
 * so a browser bound before it went to the offers page too gets it there (and its 400 days renew).
 */
export function setDeviceCookie(reply: FastifyReply, token: string, https: boolean): void {
  for (const path of DEVICE_COOKIE_PATHS) reply.setCookie(DEVICE_COOKIE, token, deviceCookieOptions(https, path));
}
