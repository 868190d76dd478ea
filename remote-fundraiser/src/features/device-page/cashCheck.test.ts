import { offersCashCheckOrder } from './cashCheck';
import { testDevice } from './testDevice';

const fundraiserWith = (items: [itemId: number, optionTypes: number[]][]) => ({
  ...testDevice().fundraiser,
  fundraiserItems: items.map(([itemId, types]) => ({
    item: {
      itemId,
      messageTextName: `Item ${itemId}`,
      itemsOptions: types.map((itemOptionTypeId, index) => ({
        itemOptionId: itemId * 10 + index,
        itemOptionTypeId,
        name: 'Option',
        price: 1000,
      })),
    },
  })),
});

describe("'New Order (Cash / Check)?' rule (spec §6)", () => {
  it('shows for a type-0 option on an ordinary item', () => {
    expect(offersCashCheckOrder(fundraiserWith([[11, [0]]]))).toBe(true);
    expect(offersCashCheckOrder(fundraiserWith([[11, [1, 0]]]))).toBe(true);
  });

  it('ignores items 43, 44 and 46 however their options are typed', () => {
    expect(
      offersCashCheckOrder(
        fundraiserWith([
          [43, [0]],
          [44, [0]],
          [46, [0]],
        ]),
      ),
    ).toBe(false);
    expect(offersCashCheckOrder(fundraiserWith([[45, [0]]]))).toBe(true);
  });

  it('hides when every other option is a ticket type or there are no items', () => {
    expect(offersCashCheckOrder(fundraiserWith([[11, [1, 2]]]))).toBe(false);
    expect(offersCashCheckOrder(fundraiserWith([]))).toBe(false);
  });
});
