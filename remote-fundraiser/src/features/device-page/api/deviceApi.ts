import { api, type FundraiserDevice, type QrCodeResponse } from '@fu/shared';

/** Spec §7 api/Orders/ calls behind the student's own page. */
export const deviceApi = {
  myFundraiser: (fundraiserDeviceGuid: string) =>
    api.get<FundraiserDevice>('/api/Orders/GetMyFundraiser', { params: { fundraiserDeviceGuid } }).then((r) => r.data),
  qrCode: (fdid: string) => api.get<QrCodeResponse>('/api/Orders/GetQRCode', { params: { fdid } }).then((r) => r.data),
  newCashCheckOrder: (fundraiserDeviceGuid: string) =>
    api.post<number>('/api/Orders/NewOrderWithFDID', { fundraiserDeviceGuid }).then((r) => r.data),
  countShare: (fundraiserDeviceGuid: string) =>
    api.post('/api/Orders/IncrementShareClicks', { fundraiserDeviceGuid }).then(
      () => undefined,
      () => undefined, // Spec §8: engagement counts never bother the student.
    ),
};
