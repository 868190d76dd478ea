import { fakeApi } from '@fu/shared/testing';
import { deviceApi } from './deviceApi';

const server = fakeApi();
const { sent } = server;

const GUID = '11111111-1111-4111-8111-111111111111';

describe('deviceApi', () => {
  it("starts a cash/check order from the student's page and resolves to its id", async () => {
    server.answer(77);
    await expect(deviceApi.newCashCheckOrder(GUID)).resolves.toBe(77);
    expect(sent[0]).toMatchObject({ method: 'post', url: '/api/Orders/NewOrderWithFDID' });
    expect(JSON.parse(String(sent[0]!.data))).toEqual({ fundraiserDeviceGuid: GUID });
  });

  it('counts a share and never bothers the student when counting fails (spec §8)', async () => {
    server.answer({ message: 'down' }, 503);
    await expect(deviceApi.countShare(GUID)).resolves.toBeUndefined();
    expect(sent[0]).toMatchObject({ method: 'post', url: '/api/Orders/IncrementShareClicks' });
  });

  it("reads the team's standings with the page's guid", async () => {
    server.answer({ leaderboard: [] });
    await expect(deviceApi.teamProgress(GUID)).resolves.toEqual({ leaderboard: [] });
    expect(sent[0]).toMatchObject({ method: 'get', url: '/api/Students/GetTeamProgress', params: { guid: GUID } });
  });
});
