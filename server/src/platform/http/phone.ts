import { canTextPhone, normalizePhone, PHONE_MESSAGE, TEXTS_US_CANADA_MESSAGE } from '@fu/shared/rules';
import { HttpError } from './errors';

/** The stored form of a phone given in a request (shared rules), or a 400 naming the field. */
export function requirePhone(input: string, field = 'phone'): string {
  const phone = normalizePhone(input);
  if (!phone) throw new HttpError(400, PHONE_MESSAGE, [{ field, message: PHONE_MESSAGE }]);
  return phone;
}

/** A stored phone about to be texted, as it is; a 400 naming the field when it is outside the US and Canada. */
export function requireTextable(phone: string, field = 'phone'): string {
  if (!canTextPhone(phone))
    throw new HttpError(400, TEXTS_US_CANADA_MESSAGE, [{ field, message: TEXTS_US_CANADA_MESSAGE }]);
  return phone;
}
