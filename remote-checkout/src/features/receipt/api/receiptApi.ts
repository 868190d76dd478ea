import { api, type Receipt } from '@fu/shared';

export const receiptApi = {
  get: (orderId: number, key: string) =>
    api.get<Receipt>('/api/Orders/GetReceipt', { params: { orderId, key } }).then((r) => r.data),
  /** The PDF download's address (on the API's origin), for a plain link: no script needed. */
  pdfUrl: (orderId: number, key: string) => api.getUri({ url: '/api/Orders/GetReceiptPdf', params: { orderId, key } }),
};
