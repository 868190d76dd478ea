import type { OptionBundle } from '@fu/shared';
import { visibleItems, type OrderFormMode } from './orderMode';
import { draftOrder, type OrderChoices } from './orderDraft';
import { testOrder as order } from './testOrder';

const DEVICE = '11111111-1111-4111-8111-111111111111';

/** Jordan Rivera with one Adult Medium shirt ($20). */
const choices = (changes: Partial<OrderChoices> = {}): OrderChoices => ({
  quantities: { 10: { 102: 1 } },
  bundleState: {},
  studentFirstName: 'Jordan',
  studentLastName: 'Rivera',
  donationChoice: null,
  customDonation: '',
  ...changes,
});

const draft = (chosen: OrderChoices, mode: OrderFormMode = { itemId: 0 }) =>
  draftOrder(order, visibleItems(order, mode), mode, chosen);

const problemsOf = (chosen: OrderChoices, mode?: OrderFormMode) => {
  const drafted = draft(chosen, mode);
  return drafted.ok ? [] : drafted.problems;
};

const noItems = { quantities: {} };

describe('the order page checks the order it would send (spec §5)', () => {
  it('accepts an item, a tier or a custom amount of at least $35', () => {
    expect(problemsOf(choices())).toEqual([]);
    expect(problemsOf(choices({ ...noItems, donationChoice: 15000 }))).toEqual([]);
    expect(problemsOf(choices({ ...noItems, donationChoice: 'custom', customDonation: '35' }))).toEqual([]);
  });

  it('asks for the student names with the exact messages', () => {
    expect(problemsOf(choices({ studentFirstName: ' ', studentLastName: '' }))).toEqual([
      { field: 'studentFirstName', message: 'Please enter a first name for the student.' },
      { field: 'studentLastName', message: 'Please enter a last name for the student.' },
    ]);
  });

  it('needs an item or a donation', () => {
    expect(problemsOf(choices(noItems))).toEqual([{ field: 'items', message: 'Please select an item.' }]);
  });

  it('refuses a custom donation under $35, or not an amount, at the custom amount, with or without items', () => {
    for (const customDonation of ['34.99', '', 'abc', '-50', '0']) {
      for (const quantities of [{}, { 10: { 102: 1 } }] as OrderChoices['quantities'][]) {
        expect(problemsOf(choices({ quantities, donationChoice: 'custom', customDonation }))).toEqual([
          { field: 'customDonation', message: 'Donation must be at least $35.00.' },
        ]);
      }
    }
  });

  it('lists the names before the donation, as a person reads the page', () => {
    for (const customDonation of ['20', '']) {
      const fields = problemsOf(
        choices({ studentFirstName: '', studentLastName: '', donationChoice: 'custom', customDonation }),
      ).map((problem) => problem.field);
      expect(fields).toEqual(['studentFirstName', 'studentLastName', 'customDonation']);
    }
  });

  describe("runs the server's order rules with the catalog it loaded", () => {
    it('refuses a web address in a name', () => {
      expect(problemsOf(choices({ studentFirstName: 'visit example.com' }))).toEqual([
        { field: 'studentFirstName', message: 'Please enter a name without a web address.' },
      ]);
    });

    it('refuses a bundle short of its entries, as loaded (not as swapped)', () => {
      const fanPack: OptionBundle = {
        id: 1,
        name: 'Fan Pack',
        description: 'Two adult medium shirts.',
        icon: null,
        optionBundleEntries: [{ itemsOptionId: 102, quantity: 2, itemsOption: { price: 2000 } }],
      };
      const bundleState = { 10: { bundles: [fanPack], mode: 'bundle' as const, selected: fanPack } };
      expect(problemsOf(choices({ bundleState, quantities: { 10: { 102: 1 } } }))).toEqual([
        {
          field: 'bundle-1',
          message: "The selected bundle is incomplete. Add the bundle's items or choose 'Custom Purchase'.",
        },
      ]);
      expect(problemsOf(choices({ bundleState, quantities: { 10: { 102: 2 } } }))).toEqual([]);
    });

    it('refuses an order above $1,000,000', () => {
      expect(problemsOf(choices({ donationChoice: 'custom', customDonation: '1000000' }))).toEqual([
        { field: 'orderTotal', message: 'An order can be at most $1,000,000. Please split it into smaller orders.' },
      ]);
    });

    it('counts only what it sends: a cash/check sale holds no discount card, so that alone is no item', () => {
      const cashCheck: OrderFormMode = { itemId: 0, cashCheck: '88', fundraiserDeviceGuid: DEVICE };
      expect(problemsOf(choices({ quantities: { 43: { 431: 1 } } }), cashCheck)).toEqual([
        { field: 'items', message: 'Please select an item.' },
      ]);
    });
  });

  it('is the request it sends: only chosen options, never a price, with what the route says', () => {
    const cashCheck: OrderFormMode = { itemId: 0, cashCheck: '88', orderId: 88, fundraiserDeviceGuid: DEVICE };
    expect(draft(choices({ studentFirstName: ' Jordan ', donationChoice: 5000 }), cashCheck)).toEqual({
      ok: true,
      request: expect.objectContaining({
        orderId: 88,
        fundraiserId: 1,
        fundraiserDeviceGuid: DEVICE,
        studentFirstName: 'Jordan',
        donation: 5000,
        isCashCheck: true,
        isDonate: false,
        fundraiserOrderItems: [
          { itemId: 10, optionBundleId: null, fundraiserOrderItemOptions: [{ itemOptionId: 102, qty: 1 }] },
        ],
      }),
    });
    const donated = draft(choices({ ...noItems, donationChoice: 3500 }), { itemId: -1 });
    expect(donated.ok && donated.request).toMatchObject({ orderId: 0, isDonate: true, isCashCheck: false });
  });
});
