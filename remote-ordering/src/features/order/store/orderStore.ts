import { create } from 'zustand';
import {
  type FundraiserOrder,
  type OptionBundle,
  clearSelection,
  decrease,
  detectSelection,
  increase,
  selectBundle,
  swapBundleOption,
  type Quantities,
} from '@fu/shared';
import { DONATION_TIERS } from '../donationTiers';

export type ItemMode = 'bundle' | 'custom' | 'none';

export interface ItemBundleState {
  bundles: OptionBundle[];
  mode: ItemMode;
  /** The selected bundle, possibly with swapped options. */
  selected?: OptionBundle;
}

interface OrderState {
  order?: FundraiserOrder;
  /** Per item: its own option quantities (itemOptionId → qty). */
  quantities: Record<number, Quantities>;
  bundleState: Record<number, ItemBundleState>;
  studentFirstName: string;
  studentLastName: string;
  donationChoice: number | 'custom' | null;
  customDonation: string;
  alert?: string;

  load(order: FundraiserOrder): void;
  setBundles(itemId: number, bundles: OptionBundle[]): void;
  setName(field: 'studentFirstName' | 'studentLastName', value: string): void;
  chooseDonation(choice: number | 'custom' | null): void;
  setCustomDonation(value: string): void;
  increment(itemId: number, optionId: number): void;
  decrement(itemId: number, optionId: number): void;
  chooseBundle(itemId: number, bundleId: number): void;
  chooseCustom(itemId: number): void;
  removeBundle(itemId: number): void;
  swapOption(itemId: number, fromOptionId: number, toOptionId: number): void;
  dismissAlert(): void;
}

function quantitiesOf(order: FundraiserOrder): Record<number, Quantities> {
  return Object.fromEntries(
    order.fundraiserOrderItems.map((item) => [
      item.itemId,
      Object.fromEntries(
        item.fundraiserOrderItemOptions.filter((o) => o.qty > 0).map((o) => [o.itemOptionId, o.qty] as const),
      ),
    ]),
  );
}

/**
 * A saved order's donation as the tiers show it: a tier's amount comes back as that tier (Edit from
 * checkout after choosing $50 shows Contributor Sponsor again, not "Custom amount"); any other
 * amount as a custom one.
 */
function donationChoiceOf(donation: number): {
  donationChoice: number | 'custom' | null;
  customDonation: string;
} {
  if (donation === 0) return { donationChoice: null, customDonation: '' };
  if (DONATION_TIERS.some((tier) => tier.amount === donation)) return { donationChoice: donation, customDonation: '' };
  return { donationChoice: 'custom', customDonation: (donation / 100).toFixed(2) };
}

export const useOrderStore = create<OrderState>((set, get) => ({
  quantities: {},
  bundleState: {},
  studentFirstName: '',
  studentLastName: '',
  donationChoice: null,
  customDonation: '',

  load: (order) =>
    set({
      order,
      quantities: quantitiesOf(order),
      bundleState: {},
      studentFirstName: order.studentFirstName,
      studentLastName: order.studentLastName,
      alert: undefined,
      ...donationChoiceOf(order.donation),
    }),

  setBundles: (itemId, bundles) => {
    const quantities = get().quantities[itemId] ?? {};
    // Spec §4: with no bundle selected, existing quantities are recognised as a bundle or custom.
    const detected = detectSelection(bundles, quantities);
    const selected = detected.kind === 'bundle' ? bundles.find((b) => b.id === detected.bundleId) : undefined;
    const mode: ItemMode = detected.kind === 'none' ? 'none' : detected.kind === 'bundle' ? 'bundle' : 'custom';
    set((state) => ({ bundleState: { ...state.bundleState, [itemId]: { bundles, mode, selected } } }));
  },

  setName: (field, value) => set({ [field]: value } as Pick<OrderState, typeof field>),
  chooseDonation: (donationChoice) => set({ donationChoice }),
  setCustomDonation: (customDonation) => set({ customDonation, donationChoice: 'custom' }),

  increment: (itemId, optionId) =>
    set((state) => ({
      quantities: { ...state.quantities, [itemId]: increase(state.quantities[itemId] ?? {}, optionId) },
      bundleState: withModeAfterEdit(state.bundleState, itemId),
    })),

  decrement: (itemId, optionId) => {
    const state = get();
    const result = decrease(state.bundleState[itemId]?.selected, state.quantities[itemId] ?? {}, optionId);
    set({ quantities: { ...state.quantities, [itemId]: result.quantities }, alert: result.alert });
  },

  chooseBundle: (itemId, bundleId) =>
    set((state) => {
      const itemState = state.bundleState[itemId];
      const bundle = itemState?.bundles.find((b) => b.id === bundleId);
      if (!itemState || !bundle) return {};
      return {
        quantities: { ...state.quantities, [itemId]: selectBundle(bundle) },
        bundleState: { ...state.bundleState, [itemId]: { ...itemState, mode: 'bundle', selected: bundle } },
      };
    }),

  chooseCustom: (itemId) =>
    set((state) => ({
      quantities: { ...state.quantities, [itemId]: clearSelection() },
      bundleState: {
        ...state.bundleState,
        [itemId]: { bundles: state.bundleState[itemId]?.bundles ?? [], mode: 'custom', selected: undefined },
      },
    })),

  removeBundle: (itemId) =>
    set((state) => ({
      quantities: { ...state.quantities, [itemId]: clearSelection() },
      bundleState: {
        ...state.bundleState,
        [itemId]: { bundles: state.bundleState[itemId]?.bundles ?? [], mode: 'none', selected: undefined },
      },
    })),

  swapOption: (itemId, fromOptionId, toOptionId) =>
    set((state) => {
      const itemState = state.bundleState[itemId];
      const item = state.order?.fundraiserOrderItems.find((i) => i.itemId === itemId);
      if (!itemState?.selected || !item) return {};
      const options = item.fundraiserOrderItemOptions.map((o) => ({ itemOptionId: o.itemOptionId, price: o.price }));
      const swapped = swapBundleOption(
        options,
        itemState.selected,
        state.quantities[itemId] ?? {},
        fromOptionId,
        toOptionId,
      );
      return {
        quantities: { ...state.quantities, [itemId]: swapped.quantities },
        bundleState: { ...state.bundleState, [itemId]: { ...itemState, selected: swapped.bundle } },
      };
    }),

  dismissAlert: () => set({ alert: undefined }),
}));

/** Adding units with no bundle chosen is a custom purchase. */
function withModeAfterEdit(bundleState: Record<number, ItemBundleState>, itemId: number) {
  const itemState = bundleState[itemId];
  if (!itemState || itemState.mode !== 'none') return bundleState;
  return { ...bundleState, [itemId]: { ...itemState, mode: 'custom' as const } };
}

// The same object while the store has no quantities for an item: a new `{}` on every read would
// look like a change to whoever subscribes.
const NO_QUANTITIES: Quantities = {};

/** One item's quantities (optionId → qty), for a component that re-renders only when they change. */
export function useItemQuantities(itemId: number): Quantities {
  return useOrderStore((state) => state.quantities[itemId] ?? NO_QUANTITIES);
}
