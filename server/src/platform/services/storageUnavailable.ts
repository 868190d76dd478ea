import { HttpError, STORAGE_ACCESS_DENIED_REASON, STORAGE_UNAVAILABLE_REASON } from '../http/errors';
import { StorageRefused } from '../storage';

/** The request's logger, or any with pino's `error(details, message)`. */
interface ErrorLog {
  error(details: object, message: string): void;
}

/**
 * The 503 a request ends in when the file storage failed it (`message` tells the person what did not
 * happen), logged once at error level. A refusal (a permission missing, credentials not taken) is
 * logged with the storage's sentence of what to grant or fix and answered with `reason: 'file storage
 * access denied'`; anything else (unreachable, timing out, failing) with 'file storage unavailable'.
 */
export function storageUnavailable(log: ErrorLog, error: unknown, message: string): HttpError {
  if (error instanceof StorageRefused) {
    log.error({ err: error.cause }, error.message);
    return new HttpError(503, message, undefined, { reason: STORAGE_ACCESS_DENIED_REASON });
  }
  log.error({ err: error }, 'file storage did not answer');
  return new HttpError(503, message, undefined, { reason: STORAGE_UNAVAILABLE_REASON });
}
