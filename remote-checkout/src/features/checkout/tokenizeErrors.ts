import type { TokenizeResponse } from './api/checkoutApi';

export const UNKNOWN_PAYMENT_ERROR = 'An unknown payment error occurred';

/** Spec §8: each error as 'field: message', an errorMessage as is, otherwise the unknown error. */
export function tokenizeErrorText(response: TokenizeResponse): string {
  if (response.errors?.length) return response.errors.map((error) => `${error.field}: ${error.message}`).join('\n');
  if (response.errorMessage) return response.errorMessage;
  return UNKNOWN_PAYMENT_ERROR;
}
