import { fakeApi } from '@fu/shared/testing';
import { ticketsApi } from './ticketsApi';

const server = fakeApi();
const { sent } = server;

const SESSION = '22222222-2222-4222-8222-222222222222';

describe('ticketsApi.redeem', () => {
  it('posts an empty body with the offer in the query and the Idempotency-Key header', async () => {
    const answer = { success: true, message: 'Present this at Checkout', offer: { id: 3 } };
    server.answer(answer);
    await expect(ticketsApi.redeem(SESSION, 3, 'key-0123456789abcdef')).resolves.toEqual(answer);
    expect(sent[0]).toMatchObject({
      method: 'post',
      url: '/api/Tickets/RedeemTicketPurchaseOffer',
      params: { ticketPurchaseSessionGuid: SESSION, ticketOfferId: 3 },
      data: '{}',
    });
    expect(server.header(sent[0]!, 'Idempotency-Key')).toBe('key-0123456789abcdef');
  });

  it('sends no Idempotency-Key without one', async () => {
    server.answer({ success: true });
    await ticketsApi.redeem(SESSION, 3);
    expect(server.header(sent[0]!, 'Idempotency-Key')).toBeUndefined();
  });
});

describe('ticketsApi', () => {
  it('shares a ticket of a purchase by phone, all in the query', async () => {
    server.answer({ message: 'Ticket 1 of 2 was sent to (512) 555-0101.' });
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
