import { api, type DeviceInfo, type PhoneMessage, type UpdateOptInRequest, type UpdateOptInResponse } from '@fu/shared';

/** Spec §7 api/Students/: the reminders choice of a page, and the phone's consent to them (docs/security.md). */
export const remindersApi = {
  deviceInfo: (guid: string) =>
    api.get<DeviceInfo>('/api/Students/GetDeviceInfo', { params: { guid } }).then((r) => r.data),
  /** Needs the page's guid: it changes that page, or every page of the phone from a browser that confirmed it. */
  setOptIn: (request: UpdateOptInRequest) =>
    api.post<UpdateOptInResponse>('/api/Students/UpdateOptInStatus', request).then((r) => r.data),
  /** Texts the page's phone a fresh confirmation link (/Fundraiser/{guid}?confirm={code}). */
  sendConfirmation: (fundraiserDeviceGuid: string) =>
    api.post<PhoneMessage>('/api/Students/SendPhoneConfirmation', { fundraiserDeviceGuid }).then((r) => r.data),
  /** The code of a texted link, used on its page: the phone is confirmed and this browser sees all its pages. */
  confirmPhone: (fundraiserDeviceGuid: string, code: string) =>
    api.post<PhoneMessage>('/api/Students/ConfirmPhone', { fundraiserDeviceGuid, code }).then((r) => r.data),
};
