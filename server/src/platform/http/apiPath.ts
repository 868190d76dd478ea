import type { FastifyRequest } from 'fastify';

/**
 * Whether a request is for the API: by the route it matched, else by its path as the router reads it
 * (percent-decoded), so `/%61pi/…` is the API too. A test of the raw URL would let it skip the API's rules.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route) return route.startsWith('/api/');
  const rawPath = request.url.split('?')[0] ?? '';
  let pathname = rawPath;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape: the raw path is all there is to go on.
  }
  return pathname.toLowerCase().startsWith('/api/');
}
