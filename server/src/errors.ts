/**
 * The errors a request can end in, in one place every layer may import (routes, services,
 * repositories): the error handler in plugins/app/errors.ts turns them into JSON answers.
 */

/**
 * A 4xx the caller can act on; handlers throw it, the error handler turns it into JSON:
 * `{ message, errors?, ...details }` (details: what the page needs to recover, e.g. a new total).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);

/** A student page (fundraiser device) guid that names no page. */
export const pageNotFound = () => notFound('We could not find that fundraiser page. Please check the link.');

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
/**
 * The `reason` of a 503 while the database cannot be reached or written: a fixed phrase for clients
 * and operators to tell it from other 503s, never the driver's message (it may name hosts or SQL).
 */
export const DATABASE_UNAVAILABLE_REASON = 'database unavailable';
/** The `reason` of a 503 while the card gateway does not answer (the payment can be tried again). */
export const GATEWAY_UNAVAILABLE_REASON = 'payment gateway unavailable';
/** Seconds a client is asked to wait before trying again while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;
