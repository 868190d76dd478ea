import { cardDigits, CHECKOUT_MESSAGES, normalizeExpiryMonth, supporterProblems, type FieldError } from '@fu/shared';

export interface AddressValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address1: string;
  address2: string;
  country: string;
  state: string;
  city: string;
  zip: string;
}

export interface CardValues {
  holderName: string;
  cardNumber: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
}

export const emptyAddress = (): AddressValues => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address1: '',
  address2: '',
  country: 'United States',
  state: '',
  city: '',
  zip: '',
});

/**
 * Spec §5 for one address form, by the rule the server applies too (shared supporterProblems);
 * `prefix` keeps billing and delivery field ids apart, and the first address line is `address1`.
 */
export function validateAddress(values: AddressValues, prefix: string, withContact = true): FieldError[] {
  return supporterProblems({ ...values, address: values.address1 }, { withContact }).map(({ field, message }) => ({
    field: `${prefix}-${field === 'address' ? 'address1' : field}`,
    message,
  }));
}

export function validateCard(values: CardValues): FieldError[] {
  const errors: FieldError[] = [];
  if (!values.holderName.trim()) errors.push({ field: 'holderName', message: CHECKOUT_MESSAGES.holderName });
  if (!cardDigits(values.cardNumber)) errors.push({ field: 'cardNumber', message: CHECKOUT_MESSAGES.cardNumber });
  // Month 1–12 with or without its zero ('1' is January); anything else reads as missing (spec §5 wording).
  if (!normalizeExpiryMonth(values.expiryMonth))
    errors.push({ field: 'expiryMonth', message: CHECKOUT_MESSAGES.expiryMonth });
  if (!/^\d{4}$/.test(values.expiryYear)) errors.push({ field: 'expiryYear', message: CHECKOUT_MESSAGES.expiryYear });
  if (!values.cvv.trim()) errors.push({ field: 'cvv', message: CHECKOUT_MESSAGES.cvv });
  return errors;
}
