import { PAYMENT_TYPES } from '../contracts/constants';
// A type only: the server imports these rules without React.
import type { Translate } from '../i18n/translate';
import { pageMessage } from '../i18n/current';

/** How an order was paid, in a few words (order lists): 'Paid in cash', 'Paid by check' or 'Paid by card'. */
export function paidWith(paymentTypeId: number | null | undefined, t: Translate = pageMessage): string {
  if (paymentTypeId === PAYMENT_TYPES.cash) return t('shared.payment.paidInCash');
  if (paymentTypeId === PAYMENT_TYPES.check) return t('shared.payment.paidByCheck');
  return t('shared.payment.paidByCard');
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
  t: Translate = pageMessage,
): string {
  if (payment.paymentTypeId === PAYMENT_TYPES.cash) {
    return collectedOnly ? t('shared.payment.cashRecorded') : paidWith(payment.paymentTypeId, t);
  }
  if (payment.paymentTypeId === PAYMENT_TYPES.check) {
    const checkNumber = payment.checkNumber ?? '';
    return t(collectedOnly ? 'shared.payment.checkRecorded' : 'shared.payment.paidByCheckNumber', { checkNumber });
  }
  const brand = payment.brand ? payment.brand[0]!.toUpperCase() + payment.brand.slice(1) : t('shared.payment.card');
  return t('shared.payment.cardEnding', { brand, last4: payment.last4 ?? '' });
}
