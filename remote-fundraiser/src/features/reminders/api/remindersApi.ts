import { call, type UpdateOptInRequest } from '@fu/shared';

/** Spec §7 api/Students/: the reminders choice of a page, and the phone's consent to them (docs/security.md). */
export const remindersApi = {
  deviceInfo: (guid: string) => call('GET /api/Students/GetDeviceInfo', { query: { guid } }),
  /** Needs the page's guid: it changes that page, or every page of the phone from a browser that confirmed it. */
  setOptIn: (request: UpdateOptInRequest) => call('POST /api/Students/UpdateOptInStatus', { body: request }),
  /** Texts the page's phone a fresh confirmation link (/Fundraiser/{guid}?confirm={code}). */
  sendConfirmation: (fundraiserDeviceGuid: string) =>
    call('POST /api/Students/SendPhoneConfirmation', { body: { fundraiserDeviceGuid } }),
  /** The code of a texted link, used on its page: the phone is confirmed and this browser sees all its pages. */
  confirmPhone: (fundraiserDeviceGuid: string, code: string) =>
    call('POST /api/Students/ConfirmPhone', { body: { fundraiserDeviceGuid, code } }),
};
