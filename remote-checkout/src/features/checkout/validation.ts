import { CHECKOUT_MESSAGES, US_STATES, type FieldError } from '@fu/shared';

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Spec §5 for one address form; `prefix` keeps billing and delivery field ids apart. */
export function validateAddress(values: AddressValues, prefix: string, withContact = true): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: keyof AddressValues, message: string) => errors.push({ field: `${prefix}-${field}`, message });
  if (!values.firstName.trim()) add('firstName', CHECKOUT_MESSAGES.firstName);
  if (!values.lastName.trim()) add('lastName', CHECKOUT_MESSAGES.lastName);
  if (withContact) {
    if (!EMAIL.test(values.email.trim())) add('email', CHECKOUT_MESSAGES.email);
    const digits = values.phone.replace(/\D/g, '');
    if (!(digits.length === 10 || (digits.length === 11 && digits.startsWith('1'))))
      add('phone', CHECKOUT_MESSAGES.phone);
  }
  if (!values.address1.trim()) add('address1', CHECKOUT_MESSAGES.address);
  if (values.country !== 'United States') add('country', CHECKOUT_MESSAGES.country);
  if (!US_STATES.some((state) => state.code === values.state)) add('state', CHECKOUT_MESSAGES.state);
  if (!values.city.trim()) add('city', CHECKOUT_MESSAGES.city);
  if (!values.zip.trim()) add('zip', CHECKOUT_MESSAGES.zip);
  return errors;
}

export function validateCard(values: CardValues): FieldError[] {
  const errors: FieldError[] = [];
  if (!values.holderName.trim()) errors.push({ field: 'holderName', message: CHECKOUT_MESSAGES.holderName });
  if (!values.cardNumber.trim()) errors.push({ field: 'cardNumber', message: CHECKOUT_MESSAGES.cardNumber });
  if (!/^\d{2}$/.test(values.expiryMonth))
    errors.push({ field: 'expiryMonth', message: CHECKOUT_MESSAGES.expiryMonth });
  if (!/^\d{4}$/.test(values.expiryYear)) errors.push({ field: 'expiryYear', message: CHECKOUT_MESSAGES.expiryYear });
  if (!values.cvv.trim()) errors.push({ field: 'cvv', message: CHECKOUT_MESSAGES.cvv });
  return errors;
}
