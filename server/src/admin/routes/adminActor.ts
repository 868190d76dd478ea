import type { FastifyRequest } from 'fastify';

/**
 * Who acts, as the admin app or the release CLI names them (X-Admin-User), kept to letters, digits
 * and `@._+-` and 100 characters; the token alone names no one.
 */
export function adminActorOf(request: FastifyRequest): string {
  const named = request.headers['x-admin-user'];
  const actor =
    typeof named === 'string'
      ? named
          .replace(/[^\p{L}\p{N} @._+-]/gu, '')
          .trim()
          .slice(0, 100)
      : '';
  return actor || 'admin token';
}
