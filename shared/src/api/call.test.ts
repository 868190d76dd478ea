import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api, errorMessage } from './client';
import { call, urlOf } from './call';
import { fundraiserLookups } from './fundraisers';

/** Answers every request with `answer` (status 200 unless given) and keeps what was sent. */
function answering(answer: unknown, status = 200) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const response = { data: answer, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, undefined, response);
    return response;
  };
  return { adapter, sent };
}

const header = (config: InternalAxiosRequestConfig, name: string) => AxiosHeaders.from(config.headers).get(name);

let adapter: typeof api.defaults.adapter;
let baseURL: string | undefined;
beforeEach(() => {
  adapter = api.defaults.adapter;
  baseURL = api.defaults.baseURL;
});
afterEach(() => {
  api.defaults.adapter = adapter;
  api.defaults.baseURL = baseURL;
});

describe('call', () => {
  it('sends a GET with its query and resolves to the answer', async () => {
    const server = answering({ name: 'Lincoln High', state: 'Texas' });
    api.defaults.adapter = server.adapter;
    await expect(call('GET /api/Fundraisers/GetSchool', { query: { schoolId: 7 } })).resolves.toEqual({
      name: 'Lincoln High',
      state: 'Texas',
    });
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]).toMatchObject({ method: 'get', url: '/api/Fundraisers/GetSchool', params: { schoolId: 7 } });
  });

  it('sends a POST with its JSON body', async () => {
    const server = answering(42);
    api.defaults.adapter = server.adapter;
    const order = { fundraiserId: 1, studentFirstName: 'Ada', studentLastName: 'L', fundraiserOrderItems: [] };
    await expect(call('POST /api/Orders/CreateOrder', { body: order })).resolves.toBe(42);
    expect(server.sent[0]).toMatchObject({ method: 'post', url: '/api/Orders/CreateOrder' });
    expect(JSON.parse(server.sent[0]!.data as string)).toEqual(order);
    expect(header(server.sent[0]!, 'content-type')).toMatch(/application\/json/);
  });

  it('fills path parameters and asks another site when given its origin', async () => {
    const server = answering('https://site.example/Receipt/5?key=k');
    api.defaults.adapter = server.adapter;
    api.defaults.baseURL = 'https://api.example';
    const url = await call(
      'POST /api/donor/digitalReceipt/:orderId',
      { params: { orderId: 5 } },
      { origin: 'https://site.example/' },
    );
    expect(url).toBe('https://site.example/Receipt/5?key=k');
    expect(server.sent[0]!.url).toBe('https://site.example/api/donor/digitalReceipt/5');
    expect(server.sent[0]!.data).toBeUndefined();
  });

  it("keeps the API's base URL for an empty origin", async () => {
    const server = answering('link');
    api.defaults.adapter = server.adapter;
    api.defaults.baseURL = 'https://api.example';
    await call('POST /api/donor/digitalReceipt/:orderId', { params: { orderId: 9 } }, { origin: '' });
    expect(server.sent[0]).toMatchObject({ baseURL: 'https://api.example', url: '/api/donor/digitalReceipt/9' });
  });

  it('sends the headers it is given', async () => {
    const server = answering({ success: true, message: 'Present this at Checkout', offer: {} });
    api.defaults.adapter = server.adapter;
    await call('POST /api/Tickets/RedeemTicketPurchaseOffer', {
      query: { ticketPurchaseSessionGuid: 'guid', ticketOfferId: 3 },
      headers: { 'idempotency-key': 'key-0123456789abcdef' },
      body: {},
    });
    expect(server.sent[0]).toMatchObject({ params: { ticketPurchaseSessionGuid: 'guid', ticketOfferId: 3 } });
    expect(header(server.sent[0]!, 'idempotency-key')).toBe('key-0123456789abcdef');
    expect(server.sent[0]!.data).toBe('{}');
  });

  it('rejects with the axios error of a failed answer', async () => {
    api.defaults.adapter = answering({ message: 'School not found.' }, 404).adapter;
    const failed = call('GET /api/Fundraisers/GetSchool', { query: { schoolId: 0 } });
    await expect(failed).rejects.toBeInstanceOf(AxiosError);
    expect(errorMessage(await failed.catch((error: unknown) => error))).toBe('School not found.');
  });

  it('takes no request for a call without parameters', async () => {
    const server = answering({ baseUrl: 'https://admin.example' });
    api.defaults.adapter = server.adapter;
    await call('GET /api/Admin/GetBaseUrl', { headers: { Authorization: 'Bearer t' } });
    expect(header(server.sent[0]!, 'authorization')).toBe('Bearer t');
  });
});

describe('urlOf', () => {
  it("is the route's address on the API's base URL with its query", () => {
    api.defaults.baseURL = 'https://api.example';
    expect(urlOf('GET /api/Orders/GetReceiptPdf', { query: { orderId: 12, key: 'a b' } })).toBe(
      'https://api.example/api/Orders/GetReceiptPdf?orderId=12&key=a+b',
    );
  });
});

describe('fundraiserLookups', () => {
  it('asks ListActiveFundraisers for a school and resolves to its groups', async () => {
    const server = answering([{ id: 3, teamName: 'Falcons' }]);
    api.defaults.adapter = server.adapter;
    await expect(fundraiserLookups.listActiveFundraisers(2, 0)).resolves.toEqual([{ id: 3, teamName: 'Falcons' }]);
    expect(server.sent[0]).toMatchObject({
      method: 'get',
      url: '/api/Fundraisers/ListActiveFundraisers',
      params: { schoolId: 2, itemId: 0 },
    });
  });
});

// Compile-time checks (npm run typecheck): the route decides what a call takes and gives.
export async function typeChecks() {
  const school: { name: string; state: string } = await call('GET /api/Fundraisers/GetSchool', {
    query: { schoolId: 1 },
  });
  // @ts-expect-error a route the map does not have
  await call('GET /api/Fundraisers/GetSchools', { query: { schoolId: 1 } });
  // @ts-expect-error the query's field is schoolId, a number
  await call('GET /api/Fundraisers/GetSchool', { query: { schoolId: '1' } });
  // @ts-expect-error GetSchool takes a query
  await call('GET /api/Fundraisers/GetSchool');
  // @ts-expect-error CreateOrder answers an order id, not a string
  const id: string = await call('POST /api/Orders/CreateOrder', {
    body: { fundraiserId: 1, studentFirstName: '', studentLastName: '', fundraiserOrderItems: [] },
  });
  // @ts-expect-error a PDF is not a JSON call: link to it with urlOf
  await call('GET /api/Orders/GetReceiptPdf', { query: { orderId: 1, key: 'k' } });
  return [school, id];
}
