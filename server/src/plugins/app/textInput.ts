import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors';

/**
 * Where the first string holding U+0000 sits in a parsed query, path or JSON body (`''` for the
 * value itself, `a.0.b` inside it), or undefined when there is none.
 */
export function nulCharacterAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = nulCharacterAt(child, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a query with one fails ("invalid byte
 * sequence for encoding UTF8: 0x00"). No real name, address or guid contains it, so any request
 * carrying one is refused up front with a 400 naming the field, before validation and the database.
 */
export default fp(async function textInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const;
    for (const [part, value] of parts) {
      const at = nulCharacterAt(value);
      if (at === undefined) continue;
      const field = at || part;
      const message = 'must not contain the NUL character (U+0000)';
      throw new HttpError(400, `Invalid ${field}: ${message}.`, [{ field, message }]);
    }
  });
});
