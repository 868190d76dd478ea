/**
 * Texts go only to US and Canadian numbers (issue 32). The other members of the North American
 * Numbering Plan share the country code 1, so their numbers pass the phone rule (phone.ts), but a
 * text to them is billed as international and falls outside the US/Canada carrier rules the site's
 * texting follows. They may still be stored where nothing is texted (a checkout's receipt phone).
 */

/** What a texting field says of a number outside the US and Canada. */
export const TEXTS_US_CANADA_MESSAGE = 'We can only send texts to US and Canadian numbers.';

/**
 * The NANP area codes of countries other than the US (with its territories: Puerto Rico 787/939,
 * US Virgin Islands 340, Guam 671, Northern Marianas 670, American Samoa 684) and Canada.
 * Source: NANPA, "NANP Area Codes" (nationalnanpa.com), the codes assigned to the Caribbean and
 * Atlantic members of the plan.
 */
export const AREA_CODES_OUTSIDE_US_AND_CANADA: ReadonlySet<string> = new Set([
  '242', // Bahamas
  '246', // Barbados
  '264', // Anguilla
  '268', // Antigua and Barbuda
  '284', // British Virgin Islands
  '345', // Cayman Islands
  '441', // Bermuda
  '473', // Grenada
  '649', // Turks and Caicos Islands
  '658', // Jamaica
  '664', // Montserrat
  '721', // Sint Maarten
  '758', // Saint Lucia
  '767', // Dominica
  '784', // Saint Vincent and the Grenadines
  '809', // Dominican Republic
  '829', // Dominican Republic
  '849', // Dominican Republic
  '868', // Trinidad and Tobago
  '869', // Saint Kitts and Nevis
  '876', // Jamaica
]);

/** Whether a stored phone (the 10-digit national number) may be texted: a US or Canadian number. */
export const canTextPhone = (phone: string): boolean => !AREA_CODES_OUTSIDE_US_AND_CANADA.has(phone.slice(0, 3));
