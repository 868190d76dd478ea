import { api, type ReceiptLookupRequest, type ReceiptLookupResponse } from '@fu/shared';

export const receiptLookupApi = {
  /** The signed receipt link of a paid order with that number and e-mail; a 404 otherwise. */
  lookup: (request: ReceiptLookupRequest) =>
    api.post<ReceiptLookupResponse>('/api/Orders/LookupReceipt', request).then((r) => r.data.receiptUrl),
};
