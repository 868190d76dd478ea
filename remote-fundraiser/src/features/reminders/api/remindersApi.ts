import { api, type DeviceInfo, type UpdateOptInResponse } from '@fu/shared';

/** Spec §7 api/Students/: the reminders choice, kept per phone. */
export const remindersApi = {
  deviceInfo: (guid: string) =>
    api.get<DeviceInfo>('/api/Students/GetDeviceInfo', { params: { guid } }).then((r) => r.data),
  setOptIn: (phone: string, status: boolean) =>
    api.post<UpdateOptInResponse>('/api/Students/UpdateOptInStatus', { phone, status }).then((r) => r.data),
};
