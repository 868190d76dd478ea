import type { OrderItem } from '@fu/shared';
import { buildCreateOrderRequest, orderTotals } from './orderRequest';

const items: OrderItem[] = [
  {
    itemId: 10,
    itemImage: null,
    messageTextName: 'Shirt',
    shippingCost: 500,
    fundraiserOrderItemOptions: [
      { itemOptionId: 1, itemOptionTypeId: 0, name: 'M', price: 2000, qty: 0, imgUrl: null },
      { itemOptionId: 2, itemOptionTypeId: 0, name: 'L', price: 2200, qty: 0, imgUrl: null },
    ],
  },
];

describe('order totals shown on the page', () => {
  it('adds lines, shipping per unit when the fundraiser ships, and the donation, in cents', () => {
    expect(orderTotals(items, { 10: { 1: 2, 2: 1 } }, 3500, true)).toEqual({
      items: 6200,
      shipping: 1500,
      total: 11200,
    });
    expect(orderTotals(items, { 10: { 1: 2 } }, 0, false)).toEqual({ items: 4000, shipping: 0, total: 4000 });
    expect(orderTotals(items, {}, 0, true)).toEqual({ items: 0, shipping: 0, total: 0 });
  });

  it('sends only chosen options, never a price', () => {
    const order = { fundraiserId: 1, contactGuid: null, socialGuid: null } as Parameters<
      typeof buildCreateOrderRequest
    >[0];
    const request = buildCreateOrderRequest(
      order,
      items,
      { quantities: { 10: { 2: 3 } }, studentFirstName: ' Jordan ', studentLastName: 'Rivera', bundleState: {} },
      0,
      { isCashCheck: false, isDonate: false },
    );
    expect(request.studentFirstName).toBe('Jordan');
    expect(request.fundraiserOrderItems).toEqual([
      { itemId: 10, optionBundleId: null, fundraiserOrderItemOptions: [{ itemOptionId: 2, qty: 3 }] },
    ]);
  });
});
