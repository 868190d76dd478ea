import { api, type MyFundraiser } from '@fu/shared';

export const myFundraisersApi = {
  list: (fdid: string) =>
    api.get<MyFundraiser[]>('/api/Orders/GetFundraisersForDevice', { params: { fdid } }).then((r) => r.data),
};
