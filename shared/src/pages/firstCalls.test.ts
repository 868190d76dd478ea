import { firstCalls, pageCallUrl, pathSegments, queryString } from '.';

// Which calls each page makes is its remote's page table's (checked against the pages themselves in
// the remotes' firstCalls tests); these cover how paths are read and URLs written.
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
});
