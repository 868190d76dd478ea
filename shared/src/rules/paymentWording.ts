import { PAYMENT_TYPES } from '../contracts/constants';

/** How an order was paid, in a few words (order lists): 'Paid in cash', 'Paid by check' or 'Paid by card'. */
export function paidWith(paymentTypeId: number | null | undefined): string {
  if (paymentTypeId === PAYMENT_TYPES.cash) return 'Paid in cash';
  if (paymentTypeId === PAYMENT_TYPES.check) return 'Paid by check';
  return 'Paid by card';
}

/**
 * How an order was paid, on its receipt (the page and the PDF): 'Paid in cash',
 * 'Paid by check #1234' or 'Visa ending in 1111'.
 */
export function receiptPaymentMethod(payment: {
  paymentTypeId: number | null;
  checkNumber?: string | null;
  brand?: string | null;
  last4?: string | null;
}): string {
  if (payment.paymentTypeId === PAYMENT_TYPES.cash) return paidWith(payment.paymentTypeId);
  if (payment.paymentTypeId === PAYMENT_TYPES.check) return `Paid by check #${payment.checkNumber ?? ''}`;
  const brand = payment.brand ? payment.brand[0]!.toUpperCase() + payment.brand.slice(1) : 'Card';
  return `${brand} ending in ${payment.last4 ?? ''}`;
}
