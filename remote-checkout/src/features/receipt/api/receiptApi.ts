import { call, urlOf } from '@fu/shared';

export const receiptApi = {
  get: (orderId: number, key: string) => call('GET /api/Orders/GetReceipt', { query: { orderId, key } }),
  /** The PDF download's address (on the API's origin), for a plain link: no script needed. */
  pdfUrl: (orderId: number, key: string) => urlOf('GET /api/Orders/GetReceiptPdf', { query: { orderId, key } }),
};
