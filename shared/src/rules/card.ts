// Card entry rules the checkout page applies as the supporter types, and the gateway (sandbox) may
// apply when it reads the same fields: digits only on the wire, grouping by brand, month 1–12 padded.
// A type only: the server imports these rules without React.
import type { Translate } from '../i18n/translate';
import { pageMessage } from '../i18n/current';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'card';

const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  card: '',
};

/** The digits of a card number as typed ('4111 1111-1111 1111' → '4111111111111111'): what the gateway gets. */
export function cardDigits(typed: string): string {
  return typed.replace(/\D/g, '');
}

/** The card's brand by its leading digits (the same prefixes the gateway uses); 'card' when unknown. */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** The brand as a person reads it ('Visa', 'American Express'), or '' while it is not known. */
export function cardBrandName(digits: string): string {
  return BRAND_NAMES[cardBrand(digits)];
}

/** How many digits a card of this brand has at most: 15 for American Express, else 19. */
export function maxCardDigits(digits: string): number {
  return cardBrand(digits) === 'amex' ? 15 : 19;
}

/**
 * The card number grouped as it is printed: 4-6-5 for American Express, otherwise groups of four
 * (4-4-4-4, and 4-4-4-4-3 for 19 digits). Anything but digits is dropped; extra digits are cut.
 */
export function formatCardNumber(typed: string): string {
  const digits = cardDigits(typed);
  const kept = digits.slice(0, maxCardDigits(digits));
  const groups = cardBrand(kept) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= kept.length) break;
    parts.push(kept.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** An expiry month typed as 1–12 or 01–12, as the gateway wants it ('1' → '01'); undefined otherwise. */
export function normalizeExpiryMonth(typed: string): string | undefined {
  const trimmed = typed.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return undefined;
  const month = Number(trimmed);
  return month >= 1 && month <= 12 ? String(month).padStart(2, '0') : undefined;
}

/**
 * The test gateway's (server/src/payments/sandbox) cards, in its words, for a test-mode checkout: it
 * approves any valid number but declines this one with "Your card was declined.".
 */
export const TEST_CARDS = { approved: '4111111111111111', declined: '4000000000000002' } as const;

/** The line a test-mode checkout shows above the card fields. */
export function testCardsNote(t: Translate = pageMessage): string {
  return t('shared.card.testCardsNote', {
    approved: formatCardNumber(TEST_CARDS.approved),
    declined: formatCardNumber(TEST_CARDS.declined),
  });
}
