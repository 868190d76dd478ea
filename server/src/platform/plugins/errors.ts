import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '@fu/shared/i18n/languages';
import { databaseUnavailableCause } from '../db/unavailable';
import {
  DATABASE_UNAVAILABLE_REASON,
  HttpError,
  LINK_NOT_VALID_MESSAGE,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '../http/errors';
import { requestLanguage } from '../http/requestLanguage';
import { localize, text, type Message } from '../i18n/text';

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: {
    missingProperty?: string;
    additionalProperty?: string;
    limit?: unknown;
    comparison?: string;
    type?: unknown;
  };
}

function fieldOf(issue: ValidationIssue): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const child = issue.params?.missingProperty ?? issue.params?.additionalProperty;
  return [path, child].filter(Boolean).join('.') || 'body';
}

/** The schema keywords whose problem has words of ours in the other languages; ajv's English otherwise. */
const VALIDATION_TEXTS: Record<string, string> = {
  required: 'server.validation.required',
  type: 'server.validation.type',
  minimum: 'server.validation.limit',
  maximum: 'server.validation.limit',
  exclusiveMinimum: 'server.validation.limit',
  exclusiveMaximum: 'server.validation.limit',
  minLength: 'server.validation.minLength',
  maxLength: 'server.validation.maxLength',
  minItems: 'server.validation.minItems',
  maxItems: 'server.validation.maxItems',
  pattern: 'server.validation.format',
  format: 'server.validation.format',
  enum: 'server.validation.allowedValue',
  const: 'server.validation.allowedValue',
  additionalProperties: 'server.validation.additionalProperty',
};

/** A schema problem in the request's language: ajv's own English, or our words for the usual keywords. */
function problemOf(issue: ValidationIssue, language: Language): string {
  const english = issue.message ?? 'is not valid';
  const id = issue.keyword && VALIDATION_TEXTS[issue.keyword];
  if (language === 'en' || !id) return english;
  const { limit, comparison, type } = issue.params ?? {};
  return localize(language, text(id, { limit, comparison, type: Array.isArray(type) ? type.join(', ') : type }));
}

/** Fastify's own client errors with words of ours in the other languages (English: Fastify's message). */
const CLIENT_ERROR_TEXTS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'server.error.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'server.error.unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'server.error.contentLength',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'server.error.emptyJsonBody',
  FST_ERR_CTP_INVALID_JSON_BODY: 'server.error.invalidJsonBody',
};

const hasMessage = (payload: unknown): payload is { message: string } =>
  typeof payload === 'object' &&
  payload !== null &&
  !Array.isArray(payload) &&
  typeof (payload as { message?: unknown }).message === 'string';

/**
 * Every error leaves as `{ message, errors? }`: validation problems as 400 with one entry per
 * field (a query or path that fails says only that the link is not valid, in words a person can
 * read where a page shows them; the entries keep the details), our own HttpErrors as they are, an unreachable database as a logged 503 with Retry-After
 * and `reason: 'database unavailable'`, anything else as a logged 500 with no internals. Every
 * message is in the request's language (docs/i18n.md): an English one by its Spanish, a Text by its
 * id; a `reason` stays a fixed phrase for programs.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { validation?: ValidationIssue[] }, request, reply) => {
    const language = requestLanguage(request);
    const say = (message: Message) => localize(language, message);
    if (error.validation) {
      const errors = error.validation.map((issue) => ({
        field: fieldOf(issue),
        message: problemOf(issue, language),
      }));
      const first = errors[0];
      const fromLink = error.validationContext === 'querystring' || error.validationContext === 'params';
      const message = fromLink
        ? say(LINK_NOT_VALID_MESSAGE)
        : first
          ? say(text('server.error.invalidField', { field: first.field, problem: first.message }))
          : say('The request is not valid.');
      return reply.code(400).send({ message, errors });
    }
    if (error instanceof HttpError) {
      // Every 503 says when to come back, as the database's does.
      if (error.statusCode === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return reply.code(error.statusCode).send({
        ...error.details,
        message: say(error.text ?? error.message),
        errors: error.errors?.map((problem) => ({
          field: problem.field,
          message: say(problem.text ?? problem.message),
        })),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type…
      const id = language === 'en' ? undefined : CLIENT_ERROR_TEXTS[error.code];
      return reply.code(status).send({ message: id ? say(text(id)) : error.message });
    }
    const unavailable = databaseUnavailableCause(error);
    if (unavailable) {
      // The driver's error, not the statement and its parameters: one line per request while it lasts.
      request.log.error({ err: unavailable }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: say(SERVICE_UNAVAILABLE_MESSAGE), reason: DATABASE_UNAVAILABLE_REASON });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: say('Something went wrong. Please try again.') });
  });

  // A successful answer's sentence (a ticket step's, "We texted a link to…") in the request's
  // language too: the English ones by their Spanish. Services that word an answer with values in it
  // (they text a person in that language as well) give it already said in the language.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode >= 400 || !hasMessage(payload)) return payload;
    const language = requestLanguage(request);
    return language === 'en' ? payload : { ...payload, message: localize(language, payload.message) };
  });
});
