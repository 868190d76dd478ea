import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { priceOrder, type Catalog } from '../src/services/orderPricing';

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
});
