import { RECEIPT_LOOKUP_MESSAGES, type FieldError } from '@fu/shared';

/** Ids of the controls, so the error summary's links land on them. */
export const ORDER_ID_FIELD = 'receipt-order-id';
export const EMAIL_FIELD = 'receipt-email';

const MAX_ORDER_ID = 2147483647;

/** The order number as typed on a receipt or in an e-mail: '1042', ' #1042 ' → 1042; otherwise null. */
export function parseOrderId(value: string): number | null {
  const digits = value.trim().replace(/^#\s*/, '');
  if (!/^\d{1,10}$/.test(digits)) return null;
  const id = Number(digits);
  return id >= 1 && id <= MAX_ORDER_ID ? id : null;
}

/** What is wrong with the form before asking the server, one message per field. */
export function validateLookup(orderId: string, email: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!orderId.trim()) errors.push({ field: ORDER_ID_FIELD, message: RECEIPT_LOOKUP_MESSAGES.orderId });
  else if (parseOrderId(orderId) === null) {
    errors.push({ field: ORDER_ID_FIELD, message: RECEIPT_LOOKUP_MESSAGES.orderIdFormat });
  }
  if (!email.trim()) errors.push({ field: EMAIL_FIELD, message: RECEIPT_LOOKUP_MESSAGES.email });
  else if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
    errors.push({ field: EMAIL_FIELD, message: RECEIPT_LOOKUP_MESSAGES.emailFormat });
  }
  return errors;
}
