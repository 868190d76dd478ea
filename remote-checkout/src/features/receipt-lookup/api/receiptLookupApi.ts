import { call, type ReceiptLookupRequest } from '@fu/shared';

export const receiptLookupApi = {
  /** The signed receipt link of a paid order with that number and e-mail; a 404 otherwise. */
  lookup: (request: ReceiptLookupRequest) =>
    call('POST /api/Orders/LookupReceipt', { body: request }).then((answer) => answer.receiptUrl),
};
