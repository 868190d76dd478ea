import { TICKET_MESSAGES } from '@fu/shared/contracts';
import type { SmsProvider } from '../../messaging/sms';
import { textRefusalError } from '../../messaging/sms/refusal';

/**
 * Sends a ticket's text. One that did not go is refused as every text a person asked for is
 * (messaging/sms/refusal.ts): out of texts for today or the site at its daily cap a 429, a phone that
 * replied STOP a 409, a number outside the US and Canada a 400, the provider down a 503 with the
 * ticket page's own sentence.
 */
export async function sendTicketText(sms: SmsProvider, to: string, body: string): Promise<void> {
  try {
    // The page tells the buyer to ask again when it fails: a late retried copy would be a duplicate.
    await sms.send({ to, body, retry: false });
  } catch (error) {
    throw textRefusalError(error, { sendFailed: TICKET_MESSAGES.sendLinkFailed });
  }
}
