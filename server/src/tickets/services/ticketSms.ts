import { ACCESS_MESSAGES, TICKET_MESSAGES } from '@fu/shared/contracts';
import { HttpError } from '../../platform/http/errors';
import { SmsBudgetExceededError, SmsOptedOutError, SmsSendError, type SmsProvider } from '../../messaging/sms';

/**
 * Sends a ticket's text; a phone out of texts for today, or the site at its daily cap, is a 429, a
 * phone that replied STOP a 409 saying so, a provider failure a 502.
 */
export async function sendTicketText(sms: SmsProvider, to: string, body: string): Promise<void> {
  try {
    // The page tells the buyer to ask again when it fails: a late retried copy would be a duplicate.
    await sms.send({ to, body, retry: false });
  } catch (error) {
    if (error instanceof SmsBudgetExceededError) throw new HttpError(429, ACCESS_MESSAGES.tooManyTexts);
    if (error instanceof SmsOptedOutError) throw new HttpError(409, ACCESS_MESSAGES.optedOut);
    if (error instanceof SmsSendError && error.capReached) throw new HttpError(429, ACCESS_MESSAGES.dailyTextCap);
    if (error instanceof SmsSendError) throw new HttpError(502, TICKET_MESSAGES.sendLinkFailed);
    throw error;
  }
}
