import { cardBrand, cardBrandName, cardDigits, formatCardNumber, normalizeExpiryMonth, testCardsNote } from './card';
import { testT } from '../testing/translator';

describe('card number as typed', () => {
  it('keeps only the digits for the gateway', () => {
    expect(cardDigits('4111 1111-1111 1111')).toBe('4111111111111111');
    expect(cardDigits('')).toBe('');
  });

  it('groups Visa, Mastercard and Discover 4-4-4-4, as far as typed', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('55555555')).toBe('5555 5555');
    expect(formatCardNumber('60110')).toBe('6011 0');
    expect(formatCardNumber('4111 11')).toBe('4111 11');
    expect(formatCardNumber('4111111111111111999')).toBe('4111 1111 1111 1111 999');
    expect(formatCardNumber('41111111111111119999')).toBe('4111 1111 1111 1111 999');
  });

  it('groups American Express 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822')).toBe('3782 822');
    expect(formatCardNumber('3782822463100059')).toBe('3782 822463 10005');
  });

  it('names the brand by its leading digits', () => {
    expect(cardBrand('4')).toBe('visa');
    expect(cardBrand('51')).toBe('mastercard');
    expect(cardBrand('2221')).toBe('mastercard');
    expect(cardBrand('34')).toBe('amex');
    expect(cardBrand('6011')).toBe('discover');
    expect(cardBrand('65')).toBe('discover');
    expect(cardBrand('9')).toBe('card');
    expect(cardBrandName('378282246310005')).toBe('American Express');
    expect(cardBrandName('')).toBe('');
  });
});

describe('normalizeExpiryMonth', () => {
  it('accepts 1 to 12 with or without the leading zero and pads it', () => {
    expect(normalizeExpiryMonth('1')).toBe('01');
    expect(normalizeExpiryMonth('01')).toBe('01');
    expect(normalizeExpiryMonth('9')).toBe('09');
    expect(normalizeExpiryMonth('12')).toBe('12');
    expect(normalizeExpiryMonth(' 7 ')).toBe('07');
  });

  it('refuses what is not a month', () => {
    for (const typed of ['', '0', '00', '13', '123', 'a', '1a']) expect(normalizeExpiryMonth(typed)).toBeUndefined();
  });
});

describe('testCardsNote', () => {
  it("names the test gateway's approved and declined cards, grouped", () => {
    expect(testCardsNote(testT())).toBe(
      'Test mode: no real card is charged. Test card 4111 1111 1111 1111 is approved; 4000 0000 0000 0002 is declined.',
    );
  });
});
