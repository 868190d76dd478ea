import { api } from '@fu/shared';
import { fakeApi } from '@fu/shared/testing';
import { receiptApi } from './receiptApi';

const server = fakeApi();
const { sent } = server;

describe('receiptApi', () => {
  it('reads the receipt with its key', async () => {
    server.answer({ orderId: 7 });
    await expect(receiptApi.get(7, 'abc')).resolves.toEqual({ orderId: 7 });
    expect(sent[0]).toMatchObject({ method: 'get', url: '/api/Orders/GetReceipt', params: { orderId: 7, key: 'abc' } });
  });

  it("links the PDF on the API's origin", () => {
    api.defaults.baseURL = 'https://api.example';
    expect(receiptApi.pdfUrl(7, 'abc')).toBe('https://api.example/api/Orders/GetReceiptPdf?orderId=7&key=abc');
  });
});
