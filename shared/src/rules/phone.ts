/**
 * Phone numbers (spec §5, §9). One stored form everywhere: the 10-digit US national number.
 * The browser and the server both call these, so a number the page accepts is one the server keeps.
 */

/** The message every phone field shows (spec §5 send link and activation). */
export const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number.';

/** Only the digits of what was typed. */
export const phoneDigits = (input: string): string => input.replace(/\D/g, '');

/**
 * A phone typed in a form (checkout, student page): 10 digits, or 11 starting with the country
 * code 1, with spaces, dots, dashes, parentheses or a plus between them. Anything else — a letter,
 * an extension — is not a phone number: undefined.
 */
export function normalizePhone(input: string): string | undefined {
  const digits = input.replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  return nationalNumber(digits);
}

/**
 * Spec §5/§9 share: a ticket link may be texted to 10 digits, or 11 (the country code 1 and the
 * 10 digits). Only the digits of the input count.
 */
export function sharePhone(input: string): string | undefined {
  return nationalNumber(phoneDigits(input));
}

/** Spec §5/§9 register: a ticket is registered with exactly 10 digits. */
export function registerPhone(input: string): string | undefined {
  const digits = phoneDigits(input);
  return digits.length === 10 ? digits : undefined;
}

/** Spec §5 activate field: characters other than digits, spaces, parentheses and dashes are removed as typed. */
export const cleanPhoneInput = (value: string): string => value.replace(/[^\d\s()-]/g, '');

/** A US phone number for display: "5125550188" → "(512) 555-0188"; anything else is shown as given. */
export function formatPhone(phone: string): string {
  const local = nationalNumber(phoneDigits(phone));
  return local ? `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}` : phone;
}

/** A phone shown to someone who may not own it: only its last four digits. */
export const maskPhone = (phone: string): string => `***-***-${phoneDigits(phone).slice(-4)}`;

function nationalNumber(digits: string): string | undefined {
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return undefined;
}
