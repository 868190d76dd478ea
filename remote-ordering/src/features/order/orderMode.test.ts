import { visibleItems } from './orderMode';
import { testOrder as order } from './testOrder';

describe('visibleItems', () => {
  it('drops item 43 and options above type 0 in cash/check mode', () => {
    expect(visibleItems(order, { itemId: 0, cashCheck: '1' }).map((i) => i.itemId)).toEqual([10]);
  });
  it('hides items in donate and give modes and narrows to a route item', () => {
    expect(visibleItems(order, { itemId: -1 })).toEqual([]);
    expect(visibleItems(order, { itemId: -2 })).toEqual([]);
    expect(visibleItems(order, { itemId: 43 }).map((i) => i.itemId)).toEqual([43]);
  });
});
