import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_OPTION_QUANTITY, MAX_ORDER_TOTAL_CENTS } from '@fu/shared/contracts';
import { OPTION_QUANTITY_MESSAGE, ORDER_TOTAL_MESSAGE, priceOrder, type Catalog } from '../src/services/orderPricing';

const catalog: Catalog = {
  isActive: true,
  hasShipping: true,
  items: [
    { itemId: 10, shippingCost: 500 },
    { itemId: 43, shippingCost: 0 },
  ],
  options: [
    { itemOptionId: 1, itemId: 10, itemOptionTypeId: 0, price: 2000 },
    { itemOptionId: 2, itemId: 43, itemOptionTypeId: 1, price: 2500 },
  ],
  bundles: new Map(),
};

const request = (options: { itemId: number; itemOptionId: number; qty: number }[], donation = 0) => ({
  fundraiserId: 1,
  studentFirstName: 'A',
  studentLastName: 'B',
  donation,
  fundraiserOrderItems: options.map(({ itemId, itemOptionId, qty }) => ({
    itemId,
    fundraiserOrderItemOptions: [{ itemOptionId, qty, price: 1 }],
  })),
});

describe('priceOrder', () => {
  it('prices from the catalog with shipping per unit and the donation', () => {
    const result = priceOrder(request([{ itemId: 10, itemOptionId: 1, qty: 3 }], 3500), catalog);
    assert.deepEqual(result, {
      ok: true,
      order: {
        lines: [{ itemOptionId: 1, quantity: 3, unitPrice: 2000, lineTotal: 6000 }],
        itemsTotal: 6000,
        shippingTotal: 1500,
        donation: 3500,
        orderTotal: 11000,
      },
    });
  });

  it('adds up the same option listed twice', () => {
    const result = priceOrder(
      request([
        { itemId: 10, itemOptionId: 1, qty: 1 },
        { itemId: 10, itemOptionId: 1, qty: 2 },
      ]),
      { ...catalog, hasShipping: false },
    );
    assert.ok(result.ok);
    assert.equal(result.order.orderTotal, 6000);
  });

  it('refuses the donation minimum boundary below $35 and accepts it at $35', () => {
    assert.equal(priceOrder(request([], 3499), catalog).ok, false);
    assert.equal(priceOrder(request([], 3500), catalog).ok, true);
  });

  it('counts an option over all rows of the order: 99 in all is the most', () => {
    const rows = (quantities: number[]) => request(quantities.map((qty) => ({ itemId: 10, itemOptionId: 1, qty })));
    assert.equal(priceOrder(rows([50, 49]), catalog).ok, true);
    assert.deepEqual(priceOrder(rows([50, 50]), catalog), {
      ok: false,
      problems: [{ field: 'option-1', message: OPTION_QUANTITY_MESSAGE }],
    });
    // The row limit alone used to let 100 rows of 99 through: a $990,000 order.
    const many = priceOrder(rows(Array.from({ length: 100 }, () => MAX_OPTION_QUANTITY)), catalog);
    assert.deepEqual(many, { ok: false, problems: [{ field: 'option-1', message: OPTION_QUANTITY_MESSAGE }] });
    assert.match(OPTION_QUANTITY_MESSAGE, /^At most 99 of each item option can be in one order\./);
  });

  it('names each option over the limit once', () => {
    const result = priceOrder(
      request([
        { itemId: 10, itemOptionId: 1, qty: 99 },
        { itemId: 43, itemOptionId: 2, qty: 60 },
        { itemId: 10, itemOptionId: 1, qty: 1 },
        { itemId: 43, itemOptionId: 2, qty: 40 },
      ]),
      catalog,
    );
    assert.deepEqual(result.ok ? [] : result.problems.map((p) => p.field), ['option-1', 'option-2']);
  });

  it('accepts a total of exactly $1,000,000 and refuses a cent more', () => {
    const pricey: Catalog = {
      ...catalog,
      hasShipping: false,
      options: [{ itemOptionId: 1, itemId: 10, itemOptionTypeId: 0, price: 1_000_000 }],
    };
    const atCap = priceOrder(request([{ itemId: 10, itemOptionId: 1, qty: 99 }], 1_000_000), pricey);
    assert.ok(atCap.ok);
    assert.equal(atCap.order.orderTotal, MAX_ORDER_TOTAL_CENTS);
    assert.deepEqual(priceOrder(request([{ itemId: 10, itemOptionId: 1, qty: 99 }], 1_000_001), pricey), {
      ok: false,
      problems: [{ field: 'orderTotal', message: ORDER_TOTAL_MESSAGE }],
    });
    assert.equal(ORDER_TOTAL_MESSAGE, 'An order can be at most $1,000,000. Please split it into smaller orders.');
  });

  it('refuses totals the integer columns could not hold, shipping included', () => {
    const largest = 2 ** 31 - 1;
    const extreme: Catalog = {
      ...catalog,
      items: [{ itemId: 10, shippingCost: largest }],
      options: [{ itemOptionId: 1, itemId: 10, itemOptionTypeId: 0, price: largest }],
    };
    const result = priceOrder(request([{ itemId: 10, itemOptionId: 1, qty: 99 }], MAX_ORDER_TOTAL_CENTS), extreme);
    assert.deepEqual(result, { ok: false, problems: [{ field: 'orderTotal', message: ORDER_TOTAL_MESSAGE }] });
    const shippingOnly = priceOrder(request([{ itemId: 10, itemOptionId: 1, qty: 1 }]), {
      ...extreme,
      options: [{ itemOptionId: 1, itemId: 10, itemOptionTypeId: 0, price: 0 }],
    });
    assert.equal(shippingOnly.ok, false);
  });
});
