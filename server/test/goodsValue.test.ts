import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shareOut, valueGoods, type GoodsValueCatalog } from '../src/orders/services/goodsValue';

// Issue 34: the good-faith value of what an order's lines give, fixed as it is made (pure: no database).

/** Item 10 sells shirts (worth their $20 price) and caps ($10, valued at $4); item 20 a $750 sponsorship valued at $100. */
const catalog: GoodsValueCatalog = {
  options: [
    { itemOptionId: 101, itemId: 10, goodsValue: 2000 },
    { itemOptionId: 102, itemId: 10, goodsValue: 400 },
    { itemOptionId: 201, itemId: 20, goodsValue: 10_000 },
  ],
  bundles: new Map([
    // Two shirts and a cap, which the organiser values at $30 together.
    [
      1,
      {
        itemId: 10,
        goodsValue: 3000,
        bundle: {
          optionBundleEntries: [
            { itemsOptionId: 101, quantity: 2 },
            { itemsOptionId: 102, quantity: 1 },
          ],
        },
      },
    ],
    // The same, with no value of its own: its entries' values.
    [2, { itemId: 10, goodsValue: null, bundle: { optionBundleEntries: [{ itemsOptionId: 101, quantity: 2 }] } }],
  ]),
};

const line = (itemOptionId: number, quantity: number, unitPrice: number) => ({
  itemOptionId,
  quantity,
  unitPrice,
  lineTotal: unitPrice * quantity,
});
const values = (lines: { goodsValue: number }[]) => lines.map((valued) => valued.goodsValue);

describe('valueGoods', () => {
  it("values each line at its option's value per unit", () => {
    const lines = [line(101, 3, 2000), line(102, 2, 1000), line(201, 1, 75_000)];
    assert.deepEqual(values(valueGoods({ fundraiserOrderItems: [] }, lines, catalog)), [6000, 800, 10_000]);
  });

  it("values a chosen bundle's entries at the bundle's value, shared over the item's lines", () => {
    const lines = [line(101, 2, 2000), line(102, 1, 1000)];
    const request = { fundraiserOrderItems: [{ itemId: 10, optionBundleId: 1, fundraiserOrderItemOptions: [] }] };
    const valued = values(valueGoods(request, lines, catalog));
    assert.equal(valued[0]! + valued[1]!, 3000);
    assert.deepEqual(valued, [2727, 273]);
  });

  it('keeps the value of what was chosen beyond the bundle', () => {
    // One shirt more than the bundle: $30 for the bundle, $20 for the shirt.
    const lines = [line(101, 3, 2000), line(102, 1, 1000)];
    const request = { fundraiserOrderItems: [{ itemId: 10, optionBundleId: 1, fundraiserOrderItemOptions: [] }] };
    assert.equal(
      values(valueGoods(request, lines, catalog)).reduce((a, b) => a + b, 0),
      5000,
    );
  });

  it('a bundle without a value of its own, or none chosen, leaves the lines at their own values', () => {
    const lines = [line(101, 2, 2000)];
    const request = { fundraiserOrderItems: [{ itemId: 10, optionBundleId: 2, fundraiserOrderItemOptions: [] }] };
    assert.deepEqual(values(valueGoods(request, lines, catalog)), [4000]);
  });

  it("applies an item's bundle once, whatever the request repeats, and never to another item's lines", () => {
    const lines = [line(101, 2, 2000), line(102, 1, 1000), line(201, 1, 75_000)];
    const bundle = { itemId: 10, optionBundleId: 1, fundraiserOrderItemOptions: [] };
    const valued = values(valueGoods({ fundraiserOrderItems: [bundle, bundle] }, lines, catalog));
    assert.deepEqual(valued, [2727, 273, 10_000]);
  });
});

describe('shareOut', () => {
  it('shares whole cents in proportion, adding up exactly, the leftover cents to the largest remainders', () => {
    assert.deepEqual(shareOut(100, [1, 1, 1]), [34, 33, 33]);
    assert.deepEqual(shareOut(1000, [0, 3, 1]), [0, 750, 250]);
    assert.deepEqual(shareOut(7, [0, 0]), [7, 0]);
    assert.deepEqual(shareOut(0, [5, 5]), [0, 0]);
    assert.deepEqual(shareOut(5, []), []);
  });
});
