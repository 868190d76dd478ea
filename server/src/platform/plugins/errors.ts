import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseUnavailableCause } from '../db/unavailable';
import {
  DATABASE_UNAVAILABLE_REASON,
  HttpError,
  LINK_NOT_VALID_MESSAGE,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '../http/errors';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { missingProperty?: string; additionalProperty?: string };
}

function fieldOf(issue: ValidationIssue): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const child = issue.params?.missingProperty ?? issue.params?.additionalProperty;
  return [path, child].filter(Boolean).join('.') || 'body';
}

/**
 * Every error leaves as `{ message, errors? }`: validation problems as 400 with one entry per
 * field (a query or path that fails says only that the link is not valid, in words a person can
 * read where a page shows them; the entries keep the details), our own HttpErrors as they are, an unreachable database as a logged 503 with Retry-After
 * and `reason: 'database unavailable'`, anything else as a logged 500 with no internals.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { validation?: ValidationIssue[] }, request, reply) => {
    if (error.validation) {
      const errors = error.validation.map((issue) => ({
        field: fieldOf(issue),
        message: issue.message ?? 'is not valid',
      }));
      const first = errors[0];
      const fromLink = error.validationContext === 'querystring' || error.validationContext === 'params';
      const message = fromLink
        ? LINK_NOT_VALID_MESSAGE
        : first
          ? `Invalid ${first.field}: ${first.message}.`
          : 'The request is not valid.';
      return reply.code(400).send({ message, errors });
    }
    if (error instanceof HttpError) {
      // Every 503 says when to come back, as the database's does.
      if (error.statusCode === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return reply.code(error.statusCode).send({ ...error.details, message: error.message, errors: error.errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type…
      return reply.code(status).send({ message: error.message });
    }
    const unavailable = databaseUnavailableCause(error);
    if (unavailable) {
      // The driver's error, not the statement and its parameters: one line per request while it lasts.
      request.log.error({ err: unavailable }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: SERVICE_UNAVAILABLE_MESSAGE, reason: DATABASE_UNAVAILABLE_REASON });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong. Please try again.' });
  });
});
