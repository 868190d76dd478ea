import { api } from '@fu/shared';
import type { OrderView, ProcessOrderCashCheckRequest, ProcessOrderRequest } from '@fu/shared';

export type CheckoutOrder = OrderView;

export interface TokenizeRequest {
  holderName: string;
  cardNumber: string;
  cvv: string;
  expiryMonth: string;
  expiryYear: string;
  billingAddress: { addressLine1: string; addressLine2: string; city: string; state: string; zip: string };
}

export type TokenizeResponse = { token?: string; errors?: { field: string; message: string }[]; errorMessage?: string };

/**
 * Spec §7 card, order and logger calls. The card goes to the gateway only, never to our API; the
 * shared client is used with absolute URLs so the page carries one axios.
 */
export const checkoutApi = {
  getOrder: (orderId: number) =>
    api.get<CheckoutOrder>('/api/Orders/GetOrder', { params: { orderId } }).then((r) => r.data),
  tokenize: (gatewayUrl: string, card: TokenizeRequest) =>
    api
      .post<TokenizeResponse>(`${gatewayUrl.replace(/\/$/, '')}/v1/card/tokenize`, card, {
        // A 400 carries the field errors as data, like a 200 carries the token.
        validateStatus: (status) => status < 500,
        timeout: 30_000,
      })
      .then((r) => r.data),
  processOrder: (order: ProcessOrderRequest, testMode: boolean) =>
    api.post<string>(testMode ? '/api/Orders/TestProcess' : '/api/Orders/ProcessOrder', order).then((r) => r.data),
  processCashCheck: (order: ProcessOrderCashCheckRequest) =>
    api.post<string>('/api/Orders/ProcessOrderCashCheck', order).then((r) => r.data),
  digitalReceipt: (appSiteUrl: string, orderId: number) =>
    api.post<string>(`${appSiteUrl.replace(/\/$/, '')}/api/donor/digitalReceipt/${orderId}`).then((r) => r.data),
  log: (message: string, level = 4) => api.post('/api/Logger/Log/', { message, level }).catch(() => undefined),
};
