import { CHECKOUT_MESSAGES, US_STATES, type SupporterDetails } from '@fu/shared/contracts';
import type { SupporterColumns } from '../db/schema';
import { normalizePhone } from '../phone';
import type { FieldProblem } from './orderPricing';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const ZIP = /^\d{5}(-\d{4})?$/;

/** The state's two-letter code, from a code or a full name (spec §5 list), or undefined. */
export function stateCode(input: string): string | undefined {
  const wanted = input.trim().toLowerCase();
  return US_STATES.find((state) => state.code.toLowerCase() === wanted || state.name.toLowerCase() === wanted)?.code;
}

/** Spec §5 checkout rules, repeated on the server with the same messages. */
export function supporterProblems(body: SupporterDetails): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const blank = (value: string | undefined | null) => !value || !value.trim();
  if (blank(body.supporterFirstName)) problems.push({ field: 'firstName', message: CHECKOUT_MESSAGES.firstName });
  if (blank(body.supporterLastName)) problems.push({ field: 'lastName', message: CHECKOUT_MESSAGES.lastName });
  if (!EMAIL.test(body.donorEmail.trim())) problems.push({ field: 'email', message: CHECKOUT_MESSAGES.email });
  if (!normalizePhone(body.supporterPhoneNumber)) problems.push({ field: 'phone', message: CHECKOUT_MESSAGES.phone });
  if (blank(body.shippingAddress)) problems.push({ field: 'address', message: CHECKOUT_MESSAGES.address });
  if (body.country !== undefined && body.country.trim() !== 'United States') {
    problems.push({ field: 'country', message: CHECKOUT_MESSAGES.country });
  }
  if (!stateCode(body.shippingState)) problems.push({ field: 'state', message: CHECKOUT_MESSAGES.state });
  if (blank(body.shippingCity)) problems.push({ field: 'city', message: CHECKOUT_MESSAGES.city });
  if (!ZIP.test(body.shippingZip.trim())) problems.push({ field: 'zip', message: CHECKOUT_MESSAGES.zip });
  return problems;
}

/** The order columns a checkout fills in, from details that passed `supporterProblems`. */
export function supporterColumns(body: SupporterDetails): SupporterColumns {
  return {
    supporterFirstName: body.supporterFirstName.trim(),
    supporterLastName: body.supporterLastName.trim(),
    supporterPhoneNumber: normalizePhone(body.supporterPhoneNumber) ?? null,
    donorEmail: body.donorEmail.trim(),
    shippingAddress: body.shippingAddress.trim(),
    shippingAddress2: body.shippingAddress2?.trim() || null,
    shippingCity: body.shippingCity.trim(),
    shippingState: stateCode(body.shippingState) ?? null,
    shippingZip: body.shippingZip.trim(),
  };
}
