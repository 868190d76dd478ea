import { api } from '@fu/shared';
import { fakeApi } from '@fu/shared/testing';
import { checkoutApi } from './checkoutApi';

const server = fakeApi();
const { sent } = server;

const order = {
  orderId: 7,
  supporterFirstName: 'Sam',
  supporterLastName: 'Lee',
  supporterPhoneNumber: '5125550101',
  donorEmail: 'sam@example.com',
  shippingAddress: '1 Main St',
  shippingCity: 'Austin',
  shippingState: 'TX',
  shippingZip: '78701',
  payment: { amount: 2500, token: 'tok_ok' },
};

describe('checkoutApi', () => {
  it.each([
    [false, '/api/Orders/ProcessOrder'],
    [true, '/api/Orders/TestProcess'],
  ])('pays (test mode %s) at %s and resolves to the answer', async (testMode, url) => {
    server.answer('success');
    await expect(checkoutApi.processOrder(order, testMode)).resolves.toBe('success');
    expect(sent[0]).toMatchObject({ method: 'post', url });
    expect(JSON.parse(String(sent[0]!.data))).toEqual(order);
  });

  it("asks the app site for the donor's receipt link", async () => {
    server.answer('https://site.example/Receipt/7?key=k');
    api.defaults.baseURL = 'https://api.example';
    await expect(checkoutApi.digitalReceipt('https://site.example/', 7)).resolves.toBe(
      'https://site.example/Receipt/7?key=k',
    );
    expect(sent[0]).toMatchObject({ method: 'post', url: 'https://site.example/api/donor/digitalReceipt/7' });
    expect(sent[0]!.data).toBeUndefined();
  });

  it('logs at level 4 and never fails the page', async () => {
    server.answer({ message: 'Too many requests' }, 429);
    await expect(checkoutApi.log('Card Tokenization Error: x')).resolves.toBeUndefined();
    expect(sent[0]).toMatchObject({ method: 'post', url: '/api/Logger/Log/' });
    expect(JSON.parse(String(sent[0]!.data))).toEqual({ message: 'Card Tokenization Error: x', level: 4 });
  });
});
