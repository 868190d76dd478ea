import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors';
import { english, text } from '../i18n/text';

/**
 * Where the first string holding U+0000 sits in a parsed query, path or JSON body (`''` for the
 * value itself, `a.0.b` inside it), or undefined when there is none. Walks with its own stack, so
 * no nesting depth can overflow the call stack.
 */
export function nulCharacterAt(value: unknown, path = ''): string | undefined {
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length) {
    const [current, at] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return at;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // Pushed last first, so the children are visited in order and the first match is reported.
    const children = Object.entries(current);
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, child] = children[i]!;
      pending.push([child, at ? `${at}.${key}` : key]);
    }
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
      const problem = text('server.validation.nulCharacter');
      throw new HttpError(400, text('server.error.invalidField', { field, problem }), [
        { field, message: english(problem), text: problem },
      ]);
    }
  });
});
