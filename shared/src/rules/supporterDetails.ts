import { CHECKOUT_MESSAGES, US_STATES } from '../contracts/constants';
import { normalizePhone } from './phone';
import { hasLinkOrDomain, TYPED_TEXT_MESSAGES } from './typedText';

/** The supporter's details a checkout asks for (spec §5), as typed. */
export interface SupporterFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  /** Absent means the default, United States. */
  country?: string;
  state: string;
  city: string;
  zip: string;
}

export type SupporterField = keyof SupporterFields;
export interface SupporterProblem {
  field: SupporterField;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** A US ZIP code: 5 digits, or ZIP+4. */
const ZIP = /^\d{5}(-\d{4})?$/;

export const isEmail = (value: string): boolean => EMAIL.test(value.trim());
export const isZip = (value: string): boolean => ZIP.test(value.trim());

/** The state's two-letter code, from a code or a full name (spec §5 list: US states, DC, Guam, Puerto Rico). */
export function stateCode(input: string): string | undefined {
  const wanted = input.trim().toLowerCase();
  return US_STATES.find((state) => state.code.toLowerCase() === wanted || state.name.toLowerCase() === wanted)?.code;
}

/**
 * Spec §5 checkout rules with the spec's messages, for the checkout pages and the server alike; and
 * no web address in a name (typedText.ts), since the receipt passes the name on in our name.
 * `withContact: false` skips e-mail and phone (a delivery address asks for neither).
 */
export function supporterProblems(values: SupporterFields, { withContact = true } = {}): SupporterProblem[] {
  const problems: SupporterProblem[] = [];
  const add = (field: SupporterField, message: string) => problems.push({ field, message });
  const blank = (value: string) => !value.trim();
  if (blank(values.firstName)) add('firstName', CHECKOUT_MESSAGES.firstName);
  else if (hasLinkOrDomain(values.firstName)) add('firstName', TYPED_TEXT_MESSAGES.nameLink);
  if (blank(values.lastName)) add('lastName', CHECKOUT_MESSAGES.lastName);
  else if (hasLinkOrDomain(values.lastName)) add('lastName', TYPED_TEXT_MESSAGES.nameLink);
  if (withContact) {
    if (!isEmail(values.email)) add('email', CHECKOUT_MESSAGES.email);
    if (!normalizePhone(values.phone)) add('phone', CHECKOUT_MESSAGES.phone);
  }
  if (blank(values.address)) add('address', CHECKOUT_MESSAGES.address);
  if (values.country !== undefined && values.country.trim() !== 'United States') {
    add('country', CHECKOUT_MESSAGES.country);
  }
  if (!stateCode(values.state)) add('state', CHECKOUT_MESSAGES.state);
  if (blank(values.city)) add('city', CHECKOUT_MESSAGES.city);
  if (!isZip(values.zip)) add('zip', CHECKOUT_MESSAGES.zip);
  return problems;
}
