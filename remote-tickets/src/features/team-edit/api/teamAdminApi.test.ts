import { fakeApi } from '@fu/shared/testing';
import { teamAdminApi } from './teamAdminApi';

const server = fakeApi();
const { sent } = server;

describe('teamAdminApi', () => {
  it('uploads the file as multipart with the admin token and resolves to its URL', async () => {
    server.answer({ url: '/uploads/a.png' });
    const file = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
    await expect(teamAdminApi.upload('secret-token', file)).resolves.toBe('/uploads/a.png');
    expect(sent[0]).toMatchObject({ method: 'post', url: '/api/AWSS3Controller/UploadFileAsync' });
    expect(sent[0]!.data).toBeInstanceOf(FormData);
    expect((sent[0]!.data as FormData).get('file')).toBeInstanceOf(File);
    expect(server.header(sent[0]!, 'Authorization')).toBe('Bearer secret-token');
  });

  it('reads the team with the admin token', async () => {
    server.answer({ id: 4, name: 'Falcons' });
    await expect(teamAdminApi.team('secret-token', 9)).resolves.toEqual({ id: 4, name: 'Falcons' });
    expect(sent[0]).toMatchObject({ method: 'get', url: '/api/Admin/GetTeam', params: { ticketId: 9 } });
    expect(server.header(sent[0]!, 'Authorization')).toBe('Bearer secret-token');
  });
});
