import { api, type Receipt } from '@fu/shared';

export const receiptApi = {
  get: (orderId: number, key: string) =>
    api.get<Receipt>('/api/Orders/GetReceipt', { params: { orderId, key } }).then((r) => r.data),
};
