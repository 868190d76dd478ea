import type { FastifyRequest } from 'fastify';

/**
 * Whether a cookie we set must be `Secure`: the request came over https, or the site's public address
 * is https (behind a proxy that ends TLS, the request itself may say http). Every cookie of ours
 * follows it: the browser key, the ticket device, the canary seed.
 */
export const cookieNeedsHttps = (request: FastifyRequest, publicUrl: string): boolean =>
  request.protocol === 'https' || publicUrl.startsWith('https:');
