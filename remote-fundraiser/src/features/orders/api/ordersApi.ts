import { call } from '@fu/shared';

export const ordersApi = {
  list: (fdid: string) => call('GET /api/Orders/ListOrders', { query: { fdid } }),
};
