import type { CookieSerializeOptions } from '@fastify/cookie';

/** The httpOnly cookie that identifies this browser to the tickets it holds (docs/tickets-api.md). */
export const DEVICE_COOKIE = 'fu_ticket_device';

/** As long as browsers allow (400 days): the wallet should outlive a season. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** Sent only to the ticket calls, never readable by scripts; Secure whenever the site is https. */
export function deviceCookieOptions(https: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: https, path: '/api/Tickets', maxAge: MAX_AGE_SECONDS };
}
