import { firstCalls, firstCallsOf, pageCallUrl, pathSegments, queryString } from '.';

// Which calls each page makes is checked against the pages themselves in the remotes'
// firstCalls tests; these cover how paths are read and URLs written.
describe('first calls of the pages', () => {
  it('writes a call as the one URL the page and the preload share', () => {
    expect(pageCallUrl(firstCalls.states(0))).toBe('/api/Fundraisers/ListActiveStates?itemId=0');
    expect(pageCallUrl(firstCalls.schools('Rhode Island & Providence: "RI"', -1))).toBe(
      '/api/Fundraisers/ListActiveSchools?location=Rhode+Island+%26+Providence%3A+%22RI%22&itemId=-1',
    );
  });

  it('leaves absent values out of a query and repeats a list', () => {
    expect(queryString({ a: 1, b: undefined, c: null, d: 'x y' })).toBe('a=1&d=x+y');
    expect(queryString({ id: [1, 2] })).toBe('id=1&id=2');
    expect(queryString({})).toBe('');
  });

  it('reads segments as the router does: decoded, an encoded slash kept, bad escapes left alone', () => {
    expect(pathSegments('/SelectSchool/New%20York/0/0/')).toEqual(['SelectSchool', 'New York', '0', '0']);
    expect(pathSegments('/Order/Social/a%2Fb')).toEqual(['Order', 'Social', 'a%2Fb']);
    expect(pathSegments('/Order/Social/%E0%A4%A')).toEqual(['Order', 'Social', '%E0%A4%A']);
  });

  it('ranks a static segment above a parameter, in any case', () => {
    expect(firstCallsOf('/ORDER/EDIT/5')).toEqual([firstCalls.fundraiserOrder(5)]);
    expect(firstCallsOf('/Order/Edit')).toEqual([firstCalls.detailsForDevice('Edit')]);
  });

  it("names the checkout and wallet pages' first calls", () => {
    expect(firstCallsOf('/checkout/12')).toEqual([firstCalls.order(12)]);
    expect(firstCallsOf('/MyOffers/a1a1a1a1-0000-4000-8000-000000000001')).toEqual([
      firstCalls.ticketSessionStatus('a1a1a1a1-0000-4000-8000-000000000001'),
    ]);
    expect(firstCallsOf('/MyOffers/a/Redeem/1')).toEqual([]);
  });

  it('names no call for pages that make none on load, or paths no page answers', () => {
    for (const path of [
      '/Help',
      '/Checkout/abc',
      '/Checkout/0',
      '/Fundraiser',
      '/Order',
      '/Order/1/2/3/4',
      '/nowhere',
      '/Admin/x',
    ]) {
      expect(firstCallsOf(path)).toEqual([]);
    }
  });
});
