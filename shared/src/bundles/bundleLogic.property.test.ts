import fc from 'fast-check';
import {
  bundleStatus,
  bundleTotalQuantity,
  bundleTotalValue,
  clearSelection,
  decrease,
  detectSelection,
  increase,
  rowDisplay,
  selectBundle,
  sortBundlesByValue,
  swapBundleOption,
  type OptionBundle,
  type Quantities,
  type SelectableOption,
} from './bundleLogic';
import { testT } from '../testing/translator';

const t = testT();

const OPTION_IDS = [1, 2, 3, 4, 5];
const optionsArb = fc
  .tuple(...OPTION_IDS.map(() => fc.integer({ min: 100, max: 10_000 })))
  .map((prices): SelectableOption[] => OPTION_IDS.map((id, i) => ({ itemOptionId: id, price: prices[i]! })));

function bundleArb(options: SelectableOption[], id = 1) {
  return fc.uniqueArray(fc.constantFrom(...OPTION_IDS), { minLength: 1, maxLength: 3 }).chain((ids) =>
    fc.tuple(...ids.map(() => fc.integer({ min: 1, max: 4 }))).map((quantities): OptionBundle => ({
      id,
      name: `B${id}`,
      description: '',
      icon: null,
      optionBundleEntries: ids.map((optionId, i) => ({
        itemsOptionId: optionId,
        quantity: quantities[i]!,
        itemsOption: { price: options.find((o) => o.itemOptionId === optionId)!.price },
      })),
    })),
  );
}

const quantitiesArb: fc.Arbitrary<Quantities> = fc.dictionary(
  fc.constantFrom(...OPTION_IDS.map(String)),
  fc.integer({ min: 1, max: 5 }),
) as unknown as fc.Arbitrary<Quantities>;

const world = optionsArb.chain((options) =>
  fc.record({ options: fc.constant(options), bundle: bundleArb(options), extra: quantitiesArb }),
);

function withExtras(base: Quantities, extra: Quantities): Quantities {
  const quantities = { ...base };
  for (const [id, qty] of Object.entries(extra)) quantities[Number(id)] = (quantities[Number(id)] ?? 0) + qty;
  return quantities;
}

const sum = (q: Quantities) => Object.values(q).reduce((a, b) => a + b, 0);

describe('bundle invariants', () => {
  it('selecting a bundle is always complete, and is detected as that bundle without extras', () => {
    fc.assert(
      fc.property(world, ({ options, bundle }) => {
        const quantities = selectBundle(bundle);
        expect(bundleStatus(bundle, options, quantities)).toBe('complete');
        expect(detectSelection([bundle], quantities)).toEqual({ kind: 'bundle', bundleId: bundle.id, extras: false });
      }),
    );
  });

  it('adding units to a complete selection keeps it complete', () => {
    fc.assert(
      fc.property(world, ({ options, bundle, extra }) => {
        const quantities = withExtras(selectBundle(bundle), extra);
        expect(bundleStatus(bundle, options, quantities)).toBe('complete');
      }),
    );
  });

  it('decreasing never goes below the bundle quantity nor below zero', () => {
    fc.assert(
      fc.property(world, fc.constantFrom(...OPTION_IDS), fc.nat(10), ({ bundle }, optionId, steps) => {
        let quantities = selectBundle(bundle);
        const floor = quantities[optionId] ?? 0;
        for (let i = 0; i < steps; i++) quantities = decrease(bundle, quantities, optionId).quantities;
        expect(quantities[optionId] ?? 0).toBe(floor);
        let free: Quantities = { [optionId]: 2 };
        for (let i = 0; i < steps; i++) free = decrease(undefined, free, optionId).quantities;
        expect(free[optionId] ?? 0).toBe(Math.max(0, 2 - steps));
      }),
    );
  });

  it('clearing the selection is incomplete for any bundle and detected as nothing', () => {
    fc.assert(
      fc.property(world, ({ options, bundle }) => {
        expect(bundleStatus(bundle, options, clearSelection())).toBe('incomplete');
        expect(detectSelection([bundle], clearSelection())).toEqual({ kind: 'none' });
      }),
    );
  });

  it('swapping an option keeps the total quantity and the bundle size', () => {
    fc.assert(
      fc.property(world, fc.constantFrom(...OPTION_IDS), ({ options, bundle, extra }, to) => {
        const quantities = withExtras(selectBundle(bundle), extra);
        const from = bundle.optionBundleEntries[0]!.itemsOptionId;
        const swapped = swapBundleOption(options, bundle, quantities, from, to);
        expect(sum(swapped.quantities)).toBe(sum(quantities));
        expect(bundleTotalQuantity(swapped.bundle)).toBe(bundleTotalQuantity(bundle));
      }),
    );
  });

  it('sorting tiers gives a descending permutation', () => {
    fc.assert(
      fc.property(
        optionsArb.chain((options) => fc.array(bundleArb(options), { maxLength: 6 })),
        (bundles) => {
          const sorted = sortBundlesByValue(bundles);
          expect(sorted).toHaveLength(bundles.length);
          expect(new Set(sorted)).toEqual(new Set(bundles));
          for (let i = 1; i < sorted.length; i++) {
            expect(bundleTotalValue(sorted[i - 1]!)).toBeGreaterThanOrEqual(bundleTotalValue(sorted[i]!));
          }
        },
      ),
    );
  });

  it('row texts always have one of the spec shapes', () => {
    fc.assert(
      fc.property(world, fc.boolean(), fc.constantFrom(...OPTION_IDS), ({ bundle, extra }, withBundle, optionId) => {
        const quantities = withBundle ? withExtras(selectBundle(bundle), extra) : extra;
        const { text } = rowDisplay(withBundle ? bundle : undefined, increase(quantities, optionId), optionId, t);
        expect(text).toMatch(/^(\d+ in bundle( \+ \d+ extra)?|\d+ additional|)$/);
      }),
    );
  });
});
