import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors';
import { english, text } from '../i18n/text';

/** How deep arrays and objects may nest in a JSON body; the real ones here are under 6. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether arrays and objects in the JSON text nest deeper than `limit`, found by one pass over the
 * characters (no recursion, stops at the first level too deep). Brackets inside strings do not
 * count; text that is not JSON at all is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * Refuses JSON bodies nested deeper than MAX_JSON_DEPTH with a 400 before they are parsed: every
 * later step (the NUL check, validation, handlers) may walk the body recursively, and thousands of
 * levels overflowed the stack into a 500. Parsing itself stays Fastify's own, so its protection
 * against `__proto__` and `constructor` poisoning is kept.
 */
export default fp(async function jsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const json = body as string;
    if (nestsDeeperThan(json, MAX_JSON_DEPTH)) {
      const problem = text('server.validation.tooDeep', { depth: MAX_JSON_DEPTH });
      const field = 'body';
      const errors = [{ field, message: english(problem), text: problem }];
      done(new HttpError(400, text('server.error.invalidField', { field, problem }), errors), undefined);
      return;
    }
    parse(request, json, done);
  });
});
