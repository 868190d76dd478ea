import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api } from '@fu/shared';
import { deviceApi } from './deviceApi';

// The server is the axios adapter: it answers `answer` (an error status rejects) and keeps each request.
const sent: InternalAxiosRequestConfig[] = [];
function serverAnswers(answer: unknown, status = 200) {
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const response = { data: answer, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, undefined, response);
    return response;
  };
  api.defaults.adapter = adapter;
}

const original = api.defaults.adapter;
beforeEach(() => (sent.length = 0));
afterEach(() => (api.defaults.adapter = original));

const GUID = '11111111-1111-4111-8111-111111111111';

describe('deviceApi', () => {
  it("starts a cash/check order from the student's page and resolves to its id", async () => {
    serverAnswers(77);
    await expect(deviceApi.newCashCheckOrder(GUID)).resolves.toBe(77);
    expect(sent[0]).toMatchObject({ method: 'post', url: '/api/Orders/NewOrderWithFDID' });
    expect(JSON.parse(String(sent[0]!.data))).toEqual({ fundraiserDeviceGuid: GUID });
  });

  it('counts a share and never bothers the student when counting fails (spec §8)', async () => {
    serverAnswers({ message: 'down' }, 503);
    await expect(deviceApi.countShare(GUID)).resolves.toBeUndefined();
    expect(sent[0]).toMatchObject({ method: 'post', url: '/api/Orders/IncrementShareClicks' });
  });

  it("reads the team's standings with the page's guid", async () => {
    serverAnswers({ leaderboard: [] });
    await expect(deviceApi.teamProgress(GUID)).resolves.toEqual({ leaderboard: [] });
    expect(sent[0]).toMatchObject({ method: 'get', url: '/api/Students/GetTeamProgress', params: { guid: GUID } });
  });
});
