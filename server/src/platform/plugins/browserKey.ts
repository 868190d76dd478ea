import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type {} from '@fastify/cookie';
import { cookieNeedsHttps } from '../http/secureCookies';
import { newToken, sha256, tokenFrom } from '../security/tokens';

/**
 * The browser key: a random token in an httpOnly cookie that makes this browser the owner of the
 * orders it creates and remembers the phones it proved (docs/security.md). httpOnly so page
 * scripts never see it, SameSite=Lax so other sites' forms and scripts cannot use it, scoped to
 * the API and, the same token, to the checkout page, which the server paints with the order for
 * its owner (issue 20), and to the wallet's offers page, which shows the buyer its purchase. The database keeps only its SHA-256.
 */
export const BROWSER_KEY_COOKIE = 'fu_browser';
/**
 * Where the cookie goes. Paths match case-sensitively by prefix: /checkout/7 gets no cookie, and
 * its page no order (the app still reads it through the API).
 */
export const BROWSER_KEY_PATHS = ['/api', '/Checkout', '/MyOffers'] as const;
/** Long enough to come back to an unpaid order, or to pay it after a weekend. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 of the browser key this browser sent, if it sent one of ours. */
    browserKeyHash(): string | undefined;
  }
  interface FastifyReply {
    /** This browser's key hash; a browser without a key gets one, in the cookie. */
    browserKey(): string;
  }
}

export default fp(async function browserKey(app: FastifyInstance, options: { publicUrl: string }) {
  app.decorateRequest('browserKeyHash', function (this: FastifyRequest) {
    const token = tokenFrom(this.cookies[BROWSER_KEY_COOKIE]);
    return token ? sha256(token) : undefined;
  });

  app.decorateReply('browserKey', function (this: FastifyReply) {
    const token = tokenFrom(this.request.cookies[BROWSER_KEY_COOKIE]) ?? newToken();
    // Set again on every use, so the cookie lives a month from the latest order or confirmation
    // (and a browser that held only the /api one gets the page's too).
    for (const path of BROWSER_KEY_PATHS) {
      this.setCookie(BROWSER_KEY_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieNeedsHttps(this.request, options.publicUrl),
        path,
        maxAge: MAX_AGE_SECONDS,
      });
    }
    return sha256(token);
  });
});
