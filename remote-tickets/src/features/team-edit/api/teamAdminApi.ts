import { api, type AdminTeam, type SaveTeamRequest } from '@fu/shared';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The admin API calls behind /Team/{ticketId}; every one needs the staff's admin token. */
export const teamAdminApi = {
  team: (token: string, ticketId: number) =>
    api.get<AdminTeam>('/api/Admin/GetTeam', { params: { ticketId }, headers: auth(token) }).then((r) => r.data),
  save: (token: string, team: SaveTeamRequest) =>
    api.post<AdminTeam>('/api/Admin/SaveTeam', team, { headers: auth(token) }).then((r) => r.data),
  upload: (token: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api
      .post<{ url: string }>('/api/AWSS3Controller/UploadFileAsync', form, { headers: auth(token) })
      .then((r) => r.data.url);
  },
};
