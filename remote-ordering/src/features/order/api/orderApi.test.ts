import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api } from '@fu/shared';
import { countEngagementOnce, orderApi } from './orderApi';

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

describe('orderApi', () => {
  it('asks for the bundles of an item', async () => {
    const bundles = [{ id: 1, name: 'Two shirts', description: '', icon: null, optionBundleEntries: [] }];
    serverAnswers(bundles);
    await expect(orderApi.bundlesForItem(5)).resolves.toEqual(bundles);
    expect(sent[0]).toMatchObject({
      method: 'get',
      url: '/api/Fundraisers/GetOptionBundlesForItem',
      params: { itemId: 5 },
    });
  });

  it('leaves no bundles when the bundle call fails (spec §8)', async () => {
    serverAnswers({ message: 'down' }, 500);
    await expect(orderApi.bundlesForItem(5)).resolves.toEqual([]);
  });

  it('creates an order and resolves to its id', async () => {
    serverAnswers(42);
    const order = { fundraiserId: 1, studentFirstName: 'Ada', studentLastName: 'L', fundraiserOrderItems: [] };
    await expect(orderApi.createOrder(order)).resolves.toBe(42);
    expect(sent[0]).toMatchObject({ method: 'post', url: '/api/Orders/CreateOrder' });
    expect(JSON.parse(String(sent[0]!.data))).toEqual(order);
  });
});

describe('countEngagementOnce', () => {
  it.each([
    ['page', '/api/Orders/IncrementPageVisits', 'fundraiserDeviceGuid'],
    ['contact', '/api/Orders/IncrementStudentContactEngagement', 'studentContactGuid'],
    ['social', '/api/Orders/IncrementSocialMediaEngagement', 'socialGuid'],
  ] as const)('counts a %s visit once per session at %s', async (kind, url, field) => {
    serverAnswers({ counted: true });
    const storage = new Map<string, string>();
    const session = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    } as Storage;
    countEngagementOnce(kind, GUID, session);
    countEngagementOnce(kind, GUID, session); // returns at once: the session has counted this guid
    await waitUntil(() => sent.length > 0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'post', url });
    expect(JSON.parse(String(sent[0]!.data))).toEqual({ [field]: GUID });
  });

  it('only logs a failed count', async () => {
    serverAnswers({ message: 'down' }, 503);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    countEngagementOnce('page', GUID, { getItem: () => null, setItem: () => undefined } as unknown as Storage);
    await waitUntil(() => logged.mock.calls.length > 0);
    expect(logged.mock.calls[0]![1]).toBeInstanceOf(AxiosError);
    logged.mockRestore();
  });
});

async function waitUntil(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 0));
}
