/**
 * Phone numbers (spec §5, §9). One stored form everywhere: the 10-digit national number of the
 * North American Numbering Plan. The browser and the server both call these, so a number the page
 * accepts is one the server keeps.
 */

/** The message every phone field shows (spec §5 send link and activation). */
export const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number.';

/** Only the digits of what was typed. */
export const phoneDigits = (input: string): string => input.replace(/\D/g, '');

/**
 * Whether 10 digits are a number the North American Numbering Plan can give out (NANPA's format,
 * NXX-NXX-XXXX): the area code and the exchange each start with 2-9 and neither is a service code
 * (N11: 211 to 911). Area codes the plan holds back are refused too: N9X (kept for expanding the
 * plan to more digits), 37X and 96X (kept for uses nobody foresaw) and 555 (an easily recognisable
 * code no service has). So 1234567890, 0000000000 and 2129110100 are not phone numbers;
 * 2125550911 is (N11 is about the area code and the exchange, not the line).
 * The fictional lines 555-0100 to 555-0199 of any area code pass: they look real and reach nobody,
 * which is what films, the demo and the tests need.
 */
export function isNanpNumber(digits: string): boolean {
  const match = /^([2-9]\d\d)([2-9]\d\d)\d{4}$/.exec(digits);
  if (!match) return false;
  const [, areaCode = '', exchange = ''] = match;
  const serviceCode = (code: string) => code.endsWith('11');
  const heldBack = /^(\d9\d|37\d|96\d|555)$/.test(areaCode);
  return !serviceCode(areaCode) && !serviceCode(exchange) && !heldBack;
}

/**
 * A phone typed in a form (checkout, student page): 10 digits, or 11 starting with the country
 * code 1, with spaces, dots, dashes, parentheses or a plus between them, that make a NANP number.
 * Anything else — a letter, an extension, 123-456-7890 — is not a phone number: undefined.
 */
export function normalizePhone(input: string): string | undefined {
  const digits = input.replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  return nanpNumber(digits);
}

/**
 * Spec §5/§9 share: a ticket link may be texted to 10 digits, or 11 (the country code 1 and the
 * 10 digits), that make a NANP number. Only the digits of the input count.
 */
export function sharePhone(input: string): string | undefined {
  return nanpNumber(phoneDigits(input));
}

/** Spec §5/§9 register: a ticket is registered with exactly 10 digits that make a NANP number. */
export function registerPhone(input: string): string | undefined {
  const digits = phoneDigits(input);
  return digits.length === 10 ? nanpNumber(digits) : undefined;
}

/** Spec §5 activate field: characters other than digits, spaces, parentheses and dashes are removed as typed. */
export const cleanPhoneInput = (value: string): string => value.replace(/[^\d\s()-]/g, '');

/**
 * A US phone number for display: "5125550188" → "(512) 555-0188"; anything else is shown as given.
 * Any 10 digits are laid out so, valid or not: a number stored before the NANP rule still reads well.
 */
export function formatPhone(phone: string): string {
  const local = tenDigits(phoneDigits(phone));
  return local ? `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}` : phone;
}

/** A phone shown to someone who may not own it: only its last four digits. */
export const maskPhone = (phone: string): string => `***-***-${phoneDigits(phone).slice(-4)}`;

/** The 10 digits of 10, or of 11 that start with the country code 1. */
function tenDigits(digits: string): string | undefined {
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return undefined;
}

function nanpNumber(digits: string): string | undefined {
  const national = tenDigits(digits);
  return national && isNanpNumber(national) ? national : undefined;
}
