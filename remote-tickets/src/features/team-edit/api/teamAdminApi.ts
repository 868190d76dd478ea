import { call, type SaveTeamRequest } from '@fu/shared';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The admin API calls behind /Team/{ticketId}; every one needs the staff's admin token. */
export const teamAdminApi = {
  team: (token: string, ticketId: number) =>
    call('GET /api/Admin/GetTeam', { query: { ticketId }, headers: auth(token) }),
  save: (token: string, team: SaveTeamRequest) =>
    call('POST /api/Admin/SaveTeam', { body: team, headers: auth(token) }),
  upload: (token: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call('POST /api/AWSS3Controller/UploadFileAsync', { body: form, headers: auth(token) }).then(
      (answer) => answer.url,
    );
  },
};
