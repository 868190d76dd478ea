import type { OrderCatalog } from './orderCatalog';
import { orderAmounts } from './orderAmounts';

const catalog: OrderCatalog = {
  hasShipping: true,
  items: [
    { itemId: 10, shippingCost: 500 },
    { itemId: 11, shippingCost: 150 },
  ],
  options: [
    { itemOptionId: 1, itemId: 10, itemOptionTypeId: 0, price: 2000 },
    { itemOptionId: 2, itemId: 11, itemOptionTypeId: 0, price: 1800 },
  ],
  bundles: new Map(),
};

describe('orderAmounts', () => {
  it("prices each option at the catalog's price, with each item's own shipping per unit", () => {
    expect(
      orderAmounts(
        new Map([
          [1, 2],
          [2, 3],
        ]),
        5000,
        catalog,
      ),
    ).toEqual({
      lines: [
        { itemOptionId: 1, quantity: 2, unitPrice: 2000, lineTotal: 4000 },
        { itemOptionId: 2, quantity: 3, unitPrice: 1800, lineTotal: 5400 },
      ],
      itemsTotal: 9400,
      shippingTotal: 2 * 500 + 3 * 150,
      donation: 5000,
      orderTotal: 9400 + 1450 + 5000,
    });
  });

  it('charges no shipping when the fundraiser does not ship, and comes to the donation alone without items', () => {
    expect(orderAmounts(new Map([[1, 2]]), 0, { ...catalog, hasShipping: false })).toMatchObject({
      shippingTotal: 0,
      orderTotal: 4000,
    });
    expect(orderAmounts(new Map(), 3500, catalog)).toEqual({
      lines: [],
      itemsTotal: 0,
      shippingTotal: 0,
      donation: 3500,
      orderTotal: 3500,
    });
  });
});
