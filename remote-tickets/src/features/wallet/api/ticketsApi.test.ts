import { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api } from '@fu/shared';
import { ticketsApi } from './ticketsApi';
import { teamAdminApi } from '../../team-edit/api/teamAdminApi';

// The server is the axios adapter: it answers `answer` and keeps each request.
const sent: InternalAxiosRequestConfig[] = [];
function serverAnswers(answer: unknown) {
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    return { data: answer, status: 200, statusText: '', headers: {}, config };
  };
  api.defaults.adapter = adapter;
}
const header = (config: InternalAxiosRequestConfig, name: string) => AxiosHeaders.from(config.headers).get(name);

const original = api.defaults.adapter;
beforeEach(() => (sent.length = 0));
afterEach(() => (api.defaults.adapter = original));

const SESSION = '22222222-2222-4222-8222-222222222222';

describe('ticketsApi.redeem', () => {
  it('posts an empty body with the offer in the query and the Idempotency-Key header', async () => {
    const answer = { success: true, message: 'Present this at Checkout', offer: { id: 3 } };
    serverAnswers(answer);
    await expect(ticketsApi.redeem(SESSION, 3, 'key-0123456789abcdef')).resolves.toEqual(answer);
    expect(sent[0]).toMatchObject({
      method: 'post',
      url: '/api/Tickets/RedeemTicketPurchaseOffer',
      params: { ticketPurchaseSessionGuid: SESSION, ticketOfferId: 3 },
      data: '{}',
    });
    expect(header(sent[0]!, 'Idempotency-Key')).toBe('key-0123456789abcdef');
  });

  it('sends no Idempotency-Key without one', async () => {
    serverAnswers({ success: true });
    await ticketsApi.redeem(SESSION, 3);
    expect(header(sent[0]!, 'Idempotency-Key')).toBeUndefined();
  });
});

describe('ticketsApi', () => {
  it('shares a ticket of a purchase by phone, all in the query', async () => {
    serverAnswers({ message: 'Ticket 1 of 2 was sent to (512) 555-0101.' });
    await ticketsApi.shareTicket('33333333-3333-4333-8333-333333333333', '5125550101', SESSION);
    expect(sent[0]).toMatchObject({
      method: 'get',
      url: '/api/Tickets/ShareTicketPurchase',
      params: {
        ticketPurchaseGuid: '33333333-3333-4333-8333-333333333333',
        phoneNumber: '5125550101',
        ticketPurchaseSessionGuid: SESSION,
      },
    });
  });
});

describe('teamAdminApi', () => {
  it('uploads the file as multipart with the admin token and resolves to its URL', async () => {
    serverAnswers({ url: '/uploads/a.png' });
    const file = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
    await expect(teamAdminApi.upload('secret-token', file)).resolves.toBe('/uploads/a.png');
    expect(sent[0]).toMatchObject({ method: 'post', url: '/api/AWSS3Controller/UploadFileAsync' });
    expect(sent[0]!.data).toBeInstanceOf(FormData);
    expect((sent[0]!.data as FormData).get('file')).toBeInstanceOf(File);
    expect(header(sent[0]!, 'Authorization')).toBe('Bearer secret-token');
  });

  it('reads the team with the admin token', async () => {
    serverAnswers({ id: 4, name: 'Falcons' });
    await expect(teamAdminApi.team('secret-token', 9)).resolves.toEqual({ id: 4, name: 'Falcons' });
    expect(sent[0]).toMatchObject({ method: 'get', url: '/api/Admin/GetTeam', params: { ticketId: 9 } });
    expect(header(sent[0]!, 'Authorization')).toBe('Bearer secret-token');
  });
});
