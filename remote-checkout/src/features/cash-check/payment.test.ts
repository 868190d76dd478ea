import { convenienceFeeCents, showsConvenienceFee } from '@fu/shared';
import { validatePayment } from './payment';

describe('cash/check payment rules', () => {
  it('shows the 5% fee only when the payment type is 2 or absent (spec §9)', () => {
    expect([null, undefined, 1, 2, 3].map(showsConvenienceFee)).toEqual([true, true, false, true, false]);
    expect(convenienceFeeCents(5100)).toBe(255);
    expect(convenienceFeeCents(1)).toBe(0);
    expect(convenienceFeeCents(10)).toBe(1);
  });

  it('needs Cash or Check, and a check number for Check', () => {
    expect(validatePayment(null, '')).toEqual([
      { field: 'payment-type-cash', message: 'Please choose Cash or Check.' },
    ]);
    expect(validatePayment(2, '')).toHaveLength(1);
    expect(validatePayment(1, '')).toEqual([]);
    expect(validatePayment(3, ' ')).toEqual([{ field: 'check-number', message: 'Please enter a check number.' }]);
    expect(validatePayment(3, '1042')).toEqual([]);
  });
});
