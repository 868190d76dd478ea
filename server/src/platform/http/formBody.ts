import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it came, in the scopes that parse forms (acceptFormBodies): what a signature covers. */
    rawBody?: string;
  }
}

/** A form is a few short fields here (a text a phone sent us is at most 1600 characters). */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Lets the routes of one encapsulated scope take `application/x-www-form-urlencoded` bodies, as SMS
 * providers post their webhooks and HTML forms post (the development outbox's reply form). Only that
 * scope: every other route of the API still takes JSON alone (platform/plugins/jsonBody.ts). The
 * body becomes an object of its fields (the first value of a repeated name), and the text it came
 * as is kept in `request.rawBody` for a signature check.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('rawBody')) app.decorateRequest('rawBody', undefined);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (request, body, done) => {
      const text = body as string;
      request.rawBody = text;
      const fields = new Map<string, string>();
      for (const [name, value] of new URLSearchParams(text)) {
        if (!fields.has(name)) fields.set(name, value);
      }
      // fromEntries defines each field as the object's own (a field named __proto__ stays a field).
      done(null, Object.fromEntries(fields));
    },
  );
}
