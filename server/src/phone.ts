import { normalizePhone, PHONE_MESSAGE } from '@fu/shared/rules';
import { HttpError } from './errors';

/** The stored form of a phone given in a request (shared rules), or a 400 naming the field. */
export function requirePhone(input: string, field = 'phone'): string {
  const phone = normalizePhone(input);
  if (!phone) throw new HttpError(400, PHONE_MESSAGE, [{ field, message: PHONE_MESSAGE }]);
  return phone;
}
