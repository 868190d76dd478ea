// Card checks a real gateway makes before it issues a token. Only the sandbox sees card numbers.

export interface CardInput {
  holderName: string;
  cardNumber: string;
  cvv: string;
  expiryMonth: string;
  expiryYear: string;
}

export interface FieldMessage {
  field: string;
  message: string;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** Field errors for a card, checked against `now` for expiry (the card is good through its month). */
export function validateCard(card: CardInput, now = new Date()): FieldMessage[] {
  const errors: FieldMessage[] = [];
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!card.holderName.trim()) errors.push({ field: 'holderName', message: 'Name on card is required' });
  if (!luhnValid(digits)) errors.push({ field: 'cardNumber', message: 'Card number is not valid' });
  const month = /^\d{2}$/.test(card.expiryMonth) ? Number(card.expiryMonth) : NaN;
  const year = /^\d{4}$/.test(card.expiryYear) ? Number(card.expiryYear) : NaN;
  if (!(month >= 1 && month <= 12)) errors.push({ field: 'expiryMonth', message: 'Expiration month must be 01 to 12' });
  if (Number.isNaN(year)) errors.push({ field: 'expiryYear', message: 'Expiration year must have 4 digits' });
  if (month >= 1 && month <= 12 && !Number.isNaN(year)) {
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
    if (year * 12 + month < current) errors.push({ field: 'expiryYear', message: 'Card has expired' });
  }
  if (!/^\d{3,4}$/.test(card.cvv)) errors.push({ field: 'cvv', message: 'CVV must be 3 or 4 digits' });
  return errors;
}
