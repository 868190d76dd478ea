import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api } from '@fu/shared';
import { checkoutApi } from './checkoutApi';
import { receiptApi } from '../../receipt/api/receiptApi';

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

const original = { adapter: api.defaults.adapter, baseURL: api.defaults.baseURL };
beforeEach(() => (sent.length = 0));
afterEach(() => Object.assign(api.defaults, original));

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
    serverAnswers('success');
    await expect(checkoutApi.processOrder(order, testMode)).resolves.toBe('success');
    expect(sent[0]).toMatchObject({ method: 'post', url });
    expect(JSON.parse(String(sent[0]!.data))).toEqual(order);
  });

  it("asks the app site for the donor's receipt link", async () => {
    serverAnswers('https://site.example/Receipt/7?key=k');
    api.defaults.baseURL = 'https://api.example';
    await expect(checkoutApi.digitalReceipt('https://site.example/', 7)).resolves.toBe(
      'https://site.example/Receipt/7?key=k',
    );
    expect(sent[0]).toMatchObject({ method: 'post', url: 'https://site.example/api/donor/digitalReceipt/7' });
    expect(sent[0]!.data).toBeUndefined();
  });

  it('logs at level 4 and never fails the page', async () => {
    serverAnswers({ message: 'Too many requests' }, 429);
    await expect(checkoutApi.log('Card Tokenization Error: x')).resolves.toBeUndefined();
    expect(sent[0]).toMatchObject({ method: 'post', url: '/api/Logger/Log/' });
    expect(JSON.parse(String(sent[0]!.data))).toEqual({ message: 'Card Tokenization Error: x', level: 4 });
  });
});

describe('receiptApi', () => {
  it('reads the receipt with its key', async () => {
    serverAnswers({ orderId: 7 });
    await expect(receiptApi.get(7, 'abc')).resolves.toEqual({ orderId: 7 });
    expect(sent[0]).toMatchObject({ method: 'get', url: '/api/Orders/GetReceipt', params: { orderId: 7, key: 'abc' } });
  });

  it("links the PDF on the API's origin", () => {
    api.defaults.baseURL = 'https://api.example';
    expect(receiptApi.pdfUrl(7, 'abc')).toBe('https://api.example/api/Orders/GetReceiptPdf?orderId=7&key=abc');
  });
});
