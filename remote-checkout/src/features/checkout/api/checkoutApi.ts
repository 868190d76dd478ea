import { api, call, callFirst, firstCalls } from '@fu/shared';
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
  // The checkout's first call, built by firstCalls: the server preloads it in the page's HTML.
  getOrder: (orderId: number) => callFirst(firstCalls.order(orderId)),
  // The payment gateway's own call, not one of this API's: it has no entry in the endpoint map.
  tokenize: (gatewayUrl: string, card: TokenizeRequest) =>
    api
      .post<TokenizeResponse>(`${gatewayUrl.replace(/\/$/, '')}/v1/card/tokenize`, card, {
        // A 400 carries the field errors as data, like a 200 carries the token.
        validateStatus: (status) => status < 500,
        timeout: 30_000,
      })
      .then((r) => r.data),
  processOrder: (order: ProcessOrderRequest, testMode: boolean) =>
    call(testMode ? 'POST /api/Orders/TestProcess' : 'POST /api/Orders/ProcessOrder', { body: order }),
  processCashCheck: (order: ProcessOrderCashCheckRequest) =>
    call('POST /api/Orders/ProcessOrderCashCheck', { body: order }),
  digitalReceipt: (appSiteUrl: string, orderId: number) =>
    call('POST /api/donor/digitalReceipt/:orderId', { params: { orderId } }, { origin: appSiteUrl }),
  log: (message: string, level = 4) =>
    call('POST /api/Logger/Log/', { body: { message, level } }).catch(() => undefined),
};
