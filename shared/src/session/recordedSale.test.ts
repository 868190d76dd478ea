import { recordedSaleOf, rememberRecordedSale } from './recordedSale';

const GUID = '11111111-1111-4111-8111-111111111111';

afterEach(() => sessionStorage.clear());

describe('the sale a tab recorded on a student page', () => {
  it("is remembered by order, for the tab's session only", () => {
    rememberRecordedSale(7, { pageGuid: GUID, studentName: 'Jordan R.' });
    expect(recordedSaleOf(7)).toEqual({ pageGuid: GUID, studentName: 'Jordan R.' });
    expect(recordedSaleOf(8)).toBeUndefined();
    expect(sessionStorage.length).toBe(1);
    expect(localStorage.length).toBe(0);
  });

  it('is none when what the tab kept is not a sale: no guid, a malformed one, or not JSON', () => {
    sessionStorage.setItem('fu:recorded-sale:7', JSON.stringify({ pageGuid: 'not-a-guid', studentName: 'Jordan R.' }));
    expect(recordedSaleOf(7)).toBeUndefined();
    sessionStorage.setItem('fu:recorded-sale:7', JSON.stringify({ studentName: 'Jordan R.' }));
    expect(recordedSaleOf(7)).toBeUndefined();
    sessionStorage.setItem('fu:recorded-sale:7', '{');
    expect(recordedSaleOf(7)).toBeUndefined();
    sessionStorage.setItem('fu:recorded-sale:7', 'null');
    expect(recordedSaleOf(7)).toBeUndefined();
  });

  it('is none, and nothing fails, where the browser refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => rememberRecordedSale(7, { pageGuid: GUID, studentName: 'Jordan R.' }, refusing)).not.toThrow();
    expect(recordedSaleOf(7, refusing)).toBeUndefined();
  });
});
