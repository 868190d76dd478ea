import { api, type DeviceOrder } from '@fu/shared';

export const ordersApi = {
  list: (fdid: string) => api.get<DeviceOrder[]>('/api/Orders/ListOrders', { params: { fdid } }).then((r) => r.data),
};
