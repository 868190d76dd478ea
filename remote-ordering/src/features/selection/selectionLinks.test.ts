import { orderPath, resolveItemId, resolvePhone, selectSchoolPath, selectTeamPath, startPath } from './selectionLinks';

describe('selection links (spec §2)', () => {
  it('uses -1 for donate, -2 for give, else the route item id or 0', () => {
    expect(resolveItemId('donate', '7')).toBe(-1);
    expect(resolveItemId('give')).toBe(-2);
    expect(resolveItemId('purchase', '12')).toBe(12);
    expect(resolveItemId('purchase')).toBe(0);
    expect(resolveItemId('purchase', 'abc')).toBe(0);
  });

  it('defaults the phone to 0 and drops anything that is not digits', () => {
    expect(resolvePhone()).toBe('0');
    expect(resolvePhone('3125550100')).toBe('3125550100');
    expect(resolvePhone('<script>')).toBe('0');
  });

  it('builds the link shapes of the selection pages', () => {
    expect(selectSchoolPath('New York', -1, '0')).toBe('/SelectSchool/New%20York/-1/0');
    expect(selectTeamPath(4, 0, '3125550100')).toBe('/SelectTeam/4/0/3125550100');
    expect(orderPath(1, 0, '0')).toBe('/Order/1/0/0');
  });
});

describe('startPath', () => {
  it('leads back to the state list of the same mode', () => {
    expect(startPath(-1, '0')).toBe('/Donate');
    expect(startPath(-2, '0')).toBe('/Give');
    expect(startPath(0, '0')).toBe('/');
    expect(startPath(9, '3125550100')).toBe('/Purchase/9/3125550100');
  });
});
