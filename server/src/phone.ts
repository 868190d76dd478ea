import { HttpError } from './errors';

/**
 * One stored form for phone numbers: the 10-digit US national number. Accepts 10 digits, or 11
 * starting with the country code 1, with any punctuation; anything else is not a phone number.
 */
export function normalizePhone(input: string): string | undefined {
  const digits = input.replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return undefined;
}

export const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number.';

/** The normal form of a phone given in a request, or a 400 naming the field. */
export function requirePhone(input: string, field = 'phone'): string {
  const phone = normalizePhone(input);
  if (!phone) throw new HttpError(400, PHONE_MESSAGE, [{ field, message: PHONE_MESSAGE }]);
  return phone;
}
