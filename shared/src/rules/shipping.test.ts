import { shipsSomething } from './shipping';

const tubs = (qty: number) => [{ fundraiserOrderItemOptions: [{ qty: 0 }, { qty }] }];

describe('shipsSomething', () => {
  it('is true for items of a fundraiser that ships', () => {
    expect(shipsSomething({ hasShipping: true, fundraiserOrderItems: tubs(2) })).toBe(true);
  });

  it('is false for a donation only, or when the fundraiser ships nothing', () => {
    expect(shipsSomething({ hasShipping: true, fundraiserOrderItems: tubs(0) })).toBe(false);
    expect(shipsSomething({ hasShipping: true, fundraiserOrderItems: [] })).toBe(false);
    expect(shipsSomething({ hasShipping: false, fundraiserOrderItems: tubs(2) })).toBe(false);
  });
});
