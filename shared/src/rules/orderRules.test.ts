import { MAX_OPTION_QUANTITY, MAX_ORDER_TOTAL_CENTS } from '../contracts/constants';
import type { CreateOrderRequest, OptionBundle } from '../contracts/types';
import type { OrderCatalog } from './orderCatalog';
import { checkOrder, ORDER_RULE_MESSAGES } from './orderRules';

/** Fan Pack: two of the $20 shirt (option 1). */
const fanPack: OptionBundle = {
  id: 7,
  name: 'Fan Pack',
  description: '',
  icon: null,
  optionBundleEntries: [{ itemsOptionId: 1, quantity: 2, itemsOption: { price: 2000 } }],
};

/** A shirt ($5 shipping a unit) in two sizes, and the digital discount card (item 43, option type 1). */
const catalog: OrderCatalog = {
  hasShipping: true,
  items: [
    { itemId: 10, shippingCost: 500 },
    { itemId: 43, shippingCost: 0 },
  ],
  options: [
    { itemOptionId: 1, itemId: 10, itemOptionTypeId: 0, price: 2000 },
    { itemOptionId: 3, itemId: 10, itemOptionTypeId: 0, price: 2200 },
    { itemOptionId: 2, itemId: 43, itemOptionTypeId: 1, price: 2500 },
  ],
  bundles: new Map([[fanPack.id, { itemId: 10, bundle: fanPack }]]),
};

type Row = { itemId: number; itemOptionId: number; qty: number; optionBundleId?: number | null };

/** A request with one row per option listed, as a crafted body may send it. */
function request(rows: Row[], fields: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  return {
    fundraiserId: 1,
    studentFirstName: 'Jordan',
    studentLastName: 'Rivera',
    donation: 0,
    fundraiserOrderItems: rows.map(({ itemId, itemOptionId, qty, optionBundleId }) => ({
      itemId,
      optionBundleId,
      fundraiserOrderItemOptions: [{ itemOptionId, qty }],
    })),
    ...fields,
  };
}

const problemsOf = (rows: Row[], fields?: Partial<CreateOrderRequest>, shown: OrderCatalog = catalog) => {
  const check = checkOrder(request(rows, fields), shown);
  return check.ok ? [] : check.problems;
};

const shirt = (qty: number, optionBundleId?: number | null): Row => ({
  itemId: 10,
  itemOptionId: 1,
  qty,
  optionBundleId,
});

describe('checkOrder: the order rules the page and the server both run', () => {
  describe('prices an accepted order from the catalog, never from the request', () => {
    it('each line at the catalog price, shipping per unit when the fundraiser ships, and the donation', () => {
      const tampered = request([shirt(3)], { donation: 3500 });
      tampered.fundraiserOrderItems[0]!.fundraiserOrderItemOptions[0]!.price = 1;
      expect(checkOrder(tampered, catalog)).toEqual({
        ok: true,
        amounts: {
          lines: [{ itemOptionId: 1, quantity: 3, unitPrice: 2000, lineTotal: 6000 }],
          itemsTotal: 6000,
          shippingTotal: 1500,
          donation: 3500,
          orderTotal: 11000,
        },
      });
    });

    it('adds up the same option listed in several rows, and skips rows of none', () => {
      const check = checkOrder(request([shirt(1), shirt(0), shirt(2)]), { ...catalog, hasShipping: false });
      expect(check).toEqual({
        ok: true,
        amounts: expect.objectContaining({
          lines: [{ itemOptionId: 1, quantity: 3, unitPrice: 2000, lineTotal: 6000 }],
          orderTotal: 6000,
        }),
      });
    });
  });

  it("asks for the student's names with spec §5's messages, and refuses a web address in one", () => {
    expect(problemsOf([shirt(1)], { studentFirstName: ' ', studentLastName: '' })).toEqual([
      { field: 'studentFirstName', message: 'Please enter a first name for the student.' },
      { field: 'studentLastName', message: 'Please enter a last name for the student.' },
    ]);
    expect(problemsOf([shirt(1)], { studentLastName: 'see example.com' })).toEqual([
      { field: 'studentLastName', message: 'Please enter a name without a web address.' },
    ]);
  });

  it('takes only options the fundraiser sells, under their own item', () => {
    expect(problemsOf([{ itemId: 10, itemOptionId: 99, qty: 1 }])).toEqual([
      { field: 'option-99', message: 'That item is not part of this fundraiser.' },
    ]);
    expect(problemsOf([{ itemId: 43, itemOptionId: 1, qty: 1 }])).toEqual([
      { field: 'option-1', message: 'That item is not part of this fundraiser.' },
    ]);
    // A row of none of an unknown option asks for nothing.
    expect(problemsOf([shirt(1), { itemId: 10, itemOptionId: 99, qty: 0 }])).toEqual([]);
  });

  it('takes in cash or check only what spec §6 lets be paid so', () => {
    const card = { itemId: 43, itemOptionId: 2, qty: 1 };
    expect(problemsOf([card])).toEqual([]);
    expect(problemsOf([card], { isCashCheck: true })).toEqual([
      { field: 'option-2', message: 'That item cannot be paid by cash or check.' },
    ]);
    expect(problemsOf([shirt(1)], { isCashCheck: true })).toEqual([]);
  });

  describe('at most 99 of one option in one order, all its rows together', () => {
    const rows = (quantities: number[]) => quantities.map((qty) => shirt(qty));

    it('takes 99 and refuses 100, however they are spread', () => {
      expect(problemsOf(rows([50, 49]))).toEqual([]);
      expect(problemsOf(rows([50, 50]))).toEqual([
        {
          field: 'option-1',
          message: 'At most 99 of each item option can be in one order. Please lower the quantity.',
        },
      ]);
      // The row limit alone used to let 100 rows of 99 through: a $990,000 order.
      expect(problemsOf(rows(Array.from({ length: 100 }, () => MAX_OPTION_QUANTITY)))).toEqual([
        { field: 'option-1', message: ORDER_RULE_MESSAGES.optionQuantity },
      ]);
    });

    it('names each option over the limit once', () => {
      const problems = problemsOf([
        shirt(99),
        { itemId: 43, itemOptionId: 2, qty: 60 },
        shirt(1),
        { itemId: 43, itemOptionId: 2, qty: 40 },
      ]);
      expect(problems.map((problem) => problem.field)).toEqual(['option-1', 'option-2']);
    });
  });

  describe('a chosen bundle', () => {
    it('is complete with its entries, with extras, or with a pricier option in place of one', () => {
      expect(problemsOf([shirt(2, 7)])).toEqual([]);
      expect(problemsOf([shirt(3, 7), { itemId: 10, itemOptionId: 3, qty: 1 }])).toEqual([]);
      expect(
        problemsOf([
          { itemId: 10, itemOptionId: 1, qty: 1, optionBundleId: 7 },
          { itemId: 10, itemOptionId: 3, qty: 1 },
        ]),
      ).toEqual([]);
    });

    it('is refused when short of its entries', () => {
      expect(problemsOf([shirt(1, 7)])).toEqual([
        {
          field: 'bundle-7',
          message: "The selected bundle is incomplete. Add the bundle's items or choose 'Custom Purchase'.",
        },
      ]);
    });

    it("must be one of the item's own bundles", () => {
      const notOfItem = { field: 'bundle-7', message: 'That bundle is not part of this item.' };
      expect(problemsOf([{ itemId: 43, itemOptionId: 2, qty: 1, optionBundleId: 7 }])).toEqual([notOfItem]);
      expect(problemsOf([shirt(2, 7)], {}, { ...catalog, bundles: new Map() })).toEqual([notOfItem]);
    });
  });

  describe('a donation', () => {
    it('of $35 or more is an order by itself; under $35 it is refused', () => {
      expect(problemsOf([], { donation: 3500 })).toEqual([]);
      expect(problemsOf([], { donation: 3499 })).toEqual([
        { field: 'donation', message: 'Donation must be at least $35.00.' },
      ]);
      expect(problemsOf([shirt(1)], { donation: 1 })).toEqual([
        { field: 'donation', message: 'Donation must be at least $35.00.' },
      ]);
    });
  });

  describe('something chosen', () => {
    it('an item or a donation: neither is "Please select an item."', () => {
      expect(problemsOf([])).toEqual([{ field: 'items', message: 'Please select an item.' }]);
      expect(problemsOf([shirt(0)], { donation: undefined })).toEqual([
        { field: 'items', message: 'Please select an item.' },
      ]);
    });

    it('is not asked for again when an option asked for was refused', () => {
      expect(problemsOf([{ itemId: 10, itemOptionId: 99, qty: 1 }]).map((problem) => problem.field)).toEqual([
        'option-99',
      ]);
    });
  });

  it('lists every problem in the order a person reads the page', () => {
    const problems = problemsOf([shirt(1, 7), { itemId: 10, itemOptionId: 99, qty: 1 }], {
      studentFirstName: '',
      donation: 100,
    });
    expect(problems.map((problem) => problem.field)).toEqual(['studentFirstName', 'option-99', 'bundle-7', 'donation']);
  });

  describe('the order total', () => {
    const pricey: OrderCatalog = {
      ...catalog,
      hasShipping: false,
      options: [{ itemOptionId: 1, itemId: 10, itemOptionTypeId: 0, price: 1_000_000 }],
    };

    it('may be exactly $1,000,000 and not a cent more', () => {
      const atCap = checkOrder(request([shirt(99)], { donation: 1_000_000 }), pricey);
      expect(atCap.ok && atCap.amounts.orderTotal).toBe(MAX_ORDER_TOTAL_CENTS);
      expect(problemsOf([shirt(99)], { donation: 1_000_001 }, pricey)).toEqual([
        { field: 'orderTotal', message: 'An order can be at most $1,000,000. Please split it into smaller orders.' },
      ]);
    });

    it('is refused when the integer columns could not hold it, shipping included', () => {
      const largest = 2 ** 31 - 1;
      const extreme: OrderCatalog = {
        ...catalog,
        items: [{ itemId: 10, shippingCost: largest }],
        options: [{ itemOptionId: 1, itemId: 10, itemOptionTypeId: 0, price: largest }],
      };
      expect(problemsOf([shirt(99)], { donation: MAX_ORDER_TOTAL_CENTS }, extreme)).toEqual([
        { field: 'orderTotal', message: ORDER_RULE_MESSAGES.orderTotal },
      ]);
      const shippingOnly = { ...extreme, options: [{ itemOptionId: 1, itemId: 10, itemOptionTypeId: 0, price: 0 }] };
      expect(problemsOf([shirt(1)], {}, shippingOnly)).toEqual([
        { field: 'orderTotal', message: ORDER_RULE_MESSAGES.orderTotal },
      ]);
    });

    it('is checked only once nothing else is wrong', () => {
      expect(problemsOf([shirt(99)], { donation: 1_000_001, studentFirstName: '' }, pricey)).toEqual([
        { field: 'studentFirstName', message: 'Please enter a first name for the student.' },
      ]);
    });
  });
});
