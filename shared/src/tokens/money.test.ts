import { testT } from '../testing/translator';
import { formatCents } from './money';

describe('formatCents', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

  it('writes cents as en-US writes US dollars', () => {
    const samples = [0, 1, 9, 10, 99, 100, 101, 5000, 99_999, 100_000, 123_456, 1_000_000_00, 987_654_321_01];
    for (const cents of [...samples, ...samples.map((c) => -c).filter((c) => c !== 0)]) {
      expect(formatCents(cents)).toBe(intl.format(cents / 100));
    }
  });

  it('rounds a fraction of a cent to the nearest cent, away from zero at a half', () => {
    expect(formatCents(12.5)).toBe('$0.13');
    expect(formatCents(-12.5)).toBe('-$0.13');
    expect(formatCents(-0.4)).toBe('$0.00');
  });

  it('needs no Intl formatter, loading or formatting (the first one on a page costs ~20 ms)', () => {
    const NumberFormat = jest.spyOn(Intl, 'NumberFormat');
    const toLocaleString = jest.spyOn(Number.prototype, 'toLocaleString');
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('./money')>('./money');
      expect(fresh.raisedOfGoal(8600, 50_000, 1800, testT())).toBe(
        '$86.00 raised of $500.00 goal, $18.00 of it in cash or checks',
      );
    });
    expect(NumberFormat).not.toHaveBeenCalled();
    expect(toLocaleString).not.toHaveBeenCalled();
    jest.restoreAllMocks();
  });
});
