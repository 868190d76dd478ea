import { PAYMENT_TYPES } from '../contracts/constants';

/** How an order was paid, in a few words (order lists): 'Paid in cash', 'Paid by check' or 'Paid by card'. */
export function paidWith(paymentTypeId: number | null | undefined): string {
  if (paymentTypeId === PAYMENT_TYPES.cash) return 'Paid in cash';
  if (paymentTypeId === PAYMENT_TYPES.check) return 'Paid by check';
  return 'Paid by card';
}

/**
 * How an order was paid, on its receipt (the page, the PDF and the e-mail): 'Paid in cash',
 * 'Paid by check #1234' or 'Visa ending in 1111'; a cash or check sale the organisation has not yet
 * confirmed it received (`collectedOnly`) reads 'Cash, recorded by a student' or 'Check #1234,
 * recorded by a student'.
 */
export function receiptPaymentMethod(
  payment: {
    paymentTypeId: number | null;
    checkNumber?: string | null;
    brand?: string | null;
    last4?: string | null;
  },
  collectedOnly = false,
): string {
  if (payment.paymentTypeId === PAYMENT_TYPES.cash) {
    return collectedOnly ? 'Cash, recorded by a student' : paidWith(payment.paymentTypeId);
  }
  if (payment.paymentTypeId === PAYMENT_TYPES.check) {
    return collectedOnly
      ? `Check #${payment.checkNumber ?? ''}, recorded by a student`
      : `Paid by check #${payment.checkNumber ?? ''}`;
  }
  const brand = payment.brand ? payment.brand[0]!.toUpperCase() + payment.brand.slice(1) : 'Card';
  return `${brand} ending in ${payment.last4 ?? ''}`;
}
