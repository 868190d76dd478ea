import { AxiosError } from 'axios';
import { fakeApi } from '@fu/shared/testing';
import { countEngagementOnce, orderApi } from './orderApi';

const server = fakeApi();
const { sent } = server;

const GUID = '11111111-1111-4111-8111-111111111111';

describe('orderApi', () => {
  it("asks once for every item's bundles", async () => {
    const bundles = [
      {
        itemId: 5,
        optionBundles: [{ id: 1, name: 'Two shirts', description: '', icon: null, optionBundleEntries: [] }],
      },
    ];
    server.answer(bundles);
    await expect(orderApi.bundlesForFundraiser(7)).resolves.toEqual(bundles);
    expect(sent[0]).toMatchObject({
      method: 'get',
      url: '/api/Fundraisers/GetOptionBundlesForFundraiser',
      params: { fundraiserId: 7 },
    });
  });

  it('leaves no bundles when the bundle call fails (spec §8)', async () => {
    server.answer({ message: 'down' }, 500);
    await expect(orderApi.bundlesForFundraiser(7)).resolves.toEqual([]);
  });

  it('creates an order and resolves to its id', async () => {
    server.answer(42);
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
    server.answer({ counted: true });
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
    server.answer({ message: 'down' }, 503);
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
