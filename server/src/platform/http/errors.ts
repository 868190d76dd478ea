import { english, text, type Message, type Text } from '../i18n/text';

/**
 * The errors a request can end in, in one place every layer may import (routes, services,
 * repositories): the error handler in platform/plugins/errors.ts turns them into JSON answers, in
 * the request's language (docs/i18n.md).
 */

/** One field's problem; `text` when its message has values (its `message` is then that text's English). */
export interface FieldProblem {
  field: string;
  message: string;
  text?: Text;
}

/**
 * A 4xx the caller can act on; handlers throw it, the error handler turns it into JSON:
 * `{ message, errors?, ...details }` (details: what the page needs to recover, e.g. a new total).
 * `message`: an English message the catalogs translate by its words, or a Text (a catalog id and
 * its values) for one with values in it; `error.message` is always the English.
 */
export class HttpError extends Error {
  /** The message as a catalog id and values, when it was given so. */
  readonly text?: Text;

  constructor(
    readonly statusCode: number,
    message: Message,
    readonly errors?: FieldProblem[],
    readonly details?: Record<string, unknown>,
  ) {
    super(english(message));
    if (typeof message !== 'string') this.text = message;
  }
}

export const notFound = (message: Message) => new HttpError(404, message);

/** A per-client limit reached (platform/plugins/rateLimit.ts and budgets spent in code alike). */
export const tooManyRequests = (waitSeconds: number) =>
  new HttpError(429, text('server.error.tooManyRequests', { seconds: Math.ceil(waitSeconds) }));

/** A student page (fundraiser device) guid that names no page. */
export const pageNotFound = () => notFound('We could not find that fundraiser page. Please check the link.');

/**
 * What a request whose query or path fails validation is told: it came from a link (a page's
 * address, a texted or e-mailed one), and a page may show the message, so it is for a person. The
 * answer's `errors` keep the details for a developer.
 */
export const LINK_NOT_VALID_MESSAGE = 'This link is not valid. Please check it and try again.';

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
/**
 * The `reason` of a 503 while the database cannot be reached or written: a fixed phrase for clients
 * and operators to tell it from other 503s, never the driver's message (it may name hosts or SQL).
 */
export const DATABASE_UNAVAILABLE_REASON = 'database unavailable';
/** The `reason` of a 503 while the card gateway does not answer (the payment can be tried again). */
export const GATEWAY_UNAVAILABLE_REASON = 'payment gateway unavailable';
/** The `reason` of a 503 while the file storage (S3) does not answer: unreachable, timing out, failing. */
export const STORAGE_UNAVAILABLE_REASON = 'file storage unavailable';
/**
 * The `reason` of a 503 while the file storage refuses this instance (a permission it lacks, credentials
 * it does not accept): an operator must act, and the log says what to grant or fix.
 */
export const STORAGE_ACCESS_DENIED_REASON = 'file storage access denied';
/** Seconds a client is asked to wait before trying again while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;
