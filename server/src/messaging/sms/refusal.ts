import { ACCESS_MESSAGES } from '@fu/shared/contracts';
import { TEXTS_US_CANADA_MESSAGE } from '@fu/shared/rules';
import { HttpError } from '../../platform/http/errors';
import { SmsBudgetExceededError } from './budget';
import { SmsOptedOutError, SmsSendError } from './provider';
import { SmsOutsideUsCanadaError } from './usCanadaOnly';

/** A text a page asked for that did not go: the sentence the page shows, and the HTTP status for it. */
export interface TextRefusal {
  status: number;
  message: string;
}

/** What a page says when the provider failed, unless the caller has words of its own. */
export const TEXT_SEND_FAILED = 'We could not send the text just now. Please try again in a few minutes.';

/**
 * Why a text a person asked for (a confirmation, a delete link, a parent's link) did not go: the
 * phone's daily budget (429), a number outside the US and Canada (400), a phone that replied STOP
 * (409), the site's daily cap (429) or the provider (503). `words` gives a caller's own sentences for
 * the last two kinds. Anything else is no refusal and is thrown again.
 */
export function textRefusal(error: unknown, words: { optedOut?: string; sendFailed?: string } = {}): TextRefusal {
  if (error instanceof SmsBudgetExceededError) return { status: 429, message: ACCESS_MESSAGES.tooManyTexts };
  if (error instanceof SmsOutsideUsCanadaError) return { status: 400, message: TEXTS_US_CANADA_MESSAGE };
  if (error instanceof SmsOptedOutError) return { status: 409, message: words.optedOut ?? ACCESS_MESSAGES.optedOut };
  if (error instanceof SmsSendError && error.capReached) return { status: 429, message: ACCESS_MESSAGES.dailyTextCap };
  if (error instanceof SmsSendError) return { status: 503, message: words.sendFailed ?? TEXT_SEND_FAILED };
  throw error;
}

/** textRefusal as the HTTP error a call answers with (its status and the page's sentence). */
export function textRefusalError(error: unknown, words: { optedOut?: string; sendFailed?: string } = {}): HttpError {
  const refusal = textRefusal(error, words);
  return new HttpError(refusal.status, refusal.message);
}
