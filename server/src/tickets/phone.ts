import { TICKET_MESSAGES } from '@fu/shared/contracts';
import { registerPhone, sharePhone } from '@fu/shared/rules';
import { HttpError } from '../platform/http/errors';
import { requireTextable } from '../platform/http/phone';

// The ticket steps' phone fields (spec §5/§9), by the shared rules: a 400 naming phoneNumber otherwise.
// Each step texts the phone, so it must be a US or Canadian number.

const notAPhone = () =>
  new HttpError(400, TICKET_MESSAGES.sendLinkPhone, [{ field: 'phoneNumber', message: TICKET_MESSAGES.sendLinkPhone }]);

/** ShareTicketPurchase: a ticket link may be texted to 10 digits, or 11 with the country code 1. */
export function phoneToShareWith(input: string): string {
  const phone = sharePhone(input);
  if (!phone) throw notAPhone();
  return requireTextable(phone, 'phoneNumber');
}

/** AddPhone and CreateAccessLink: a ticket is registered with exactly 10 digits. */
export function phoneToRegister(input: string): string {
  const phone = registerPhone(input);
  if (!phone) throw notAPhone();
  return requireTextable(phone, 'phoneNumber');
}
