import { pageMessage, type Translate } from '@fu/shared';
import type { TokenizeResponse } from './api/checkoutApi';

/**
 * Spec §8: each error as 'field: message', an errorMessage as is (the gateway's words), otherwise the
 * unknown error in the page's language (`t`: the page's useT).
 */
export function tokenizeErrorText(response: TokenizeResponse, t: Translate = pageMessage): string {
  if (response.errors?.length) return response.errors.map((error) => `${error.field}: ${error.message}`).join('\n');
  if (response.errorMessage) return response.errorMessage;
  return t('checkout.payment.unknownError');
}
