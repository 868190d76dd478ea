import { CASH_CHECK_MESSAGES, checkNumberProblem, PAYMENT_TYPES, type FieldError } from '@fu/shared';

/** What the radio can hold: Cash (1), Check (3), or nothing chosen yet. */
export type CashCheckType = typeof PAYMENT_TYPES.cash | typeof PAYMENT_TYPES.check;

/** Ids of the controls, so the error summary's links land on them. */
export const CASH_RADIO_ID = 'payment-type-cash';
export const CHECK_NUMBER_ID = 'check-number';

export function isCashCheckType(value: number | null): value is CashCheckType {
  return value === PAYMENT_TYPES.cash || value === PAYMENT_TYPES.check;
}

/** Spec §5: a choice is needed, and a check number when Check (the number only: shared rules). */
export function validatePayment(paymentTypeId: number | null, checkNumber: string): FieldError[] {
  if (!isCashCheckType(paymentTypeId)) return [{ field: CASH_RADIO_ID, message: CASH_CHECK_MESSAGES.paymentType }];
  const problem = paymentTypeId === PAYMENT_TYPES.check ? checkNumberProblem(checkNumber) : undefined;
  return problem ? [{ field: CHECK_NUMBER_ID, message: problem }] : [];
}
