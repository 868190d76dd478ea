import { call } from '@fu/shared';

export const myFundraisersApi = {
  list: (fdid: string) => call('GET /api/Orders/GetFundraisersForDevice', { query: { fdid } }),
};
