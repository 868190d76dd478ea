import {
  bundleStatus,
  bundleTotalQuantity,
  bundleTotalValue,
  canDecrease,
  clearSelection,
  decrease,
  detectSelection,
  increase,
  itemsFirst,
  MINIMUM_QUANTITY_MESSAGE,
  rowDisplay,
  selectBundle,
  sortBundlesByValue,
  swapBundleOption,
  type OptionBundle,
  type SelectableOption,
} from './bundleLogic';
import { testT } from '../testing/translator';

const t = testT();

const options: SelectableOption[] = [
  { itemOptionId: 1, price: 1000 },
  { itemOptionId: 2, price: 2000 },
  { itemOptionId: 3, price: 5000 },
];

function bundle(id: number, entries: [optionId: number, quantity: number][]): OptionBundle {
  return {
    id,
    name: `Bundle ${id}`,
    description: '',
    icon: null,
    optionBundleEntries: entries.map(([itemsOptionId, quantity]) => ({
      itemsOptionId,
      quantity,
      itemsOption: { price: options.find((o) => o.itemOptionId === itemsOptionId)!.price },
    })),
  };
}

const twoMediums = bundle(1, [[2, 2]]); // 2 × $20
const family = bundle(2, [
  [1, 2],
  [3, 1],
]); // 2 × $10 + 1 × $50

describe('bundle totals and order', () => {
  it('sums quantity and value', () => {
    expect(bundleTotalQuantity(family)).toBe(3);
    expect(bundleTotalValue(family)).toBe(7000);
  });

  it('sorts tiers by total value, highest first, without touching the input', () => {
    const input = [twoMediums, family];
    expect(sortBundlesByValue(input).map((b) => b.id)).toEqual([2, 1]);
    expect(input.map((b) => b.id)).toEqual([1, 2]);
  });
});

describe('bundle status (spec §4)', () => {
  it('is none without a bundle', () => {
    expect(bundleStatus(undefined, options, { 2: 2 })).toBe('none');
  });

  it('is complete with exactly the bundle, or more', () => {
    expect(bundleStatus(twoMediums, options, { 2: 2 })).toBe('complete');
    expect(bundleStatus(twoMediums, options, { 2: 3, 1: 1 })).toBe('complete');
  });

  it('is incomplete with too few units', () => {
    expect(bundleStatus(twoMediums, options, { 3: 1 })).toBe('incomplete');
  });

  it('is incomplete with enough units but too little value', () => {
    expect(bundleStatus(twoMediums, options, { 1: 3 })).toBe('incomplete');
  });

  it('is incomplete when a bundle unit is only covered by a cheaper option', () => {
    // 3 units ≥ 2 and $70 ≥ $40, but the second $20 unit only meets a $10 one.
    expect(bundleStatus(twoMediums, options, { 3: 1, 1: 2 })).toBe('incomplete');
  });

  it('accepts a more expensive option in place of a bundle option', () => {
    expect(bundleStatus(twoMediums, options, { 3: 1, 2: 1 })).toBe('complete');
  });

  it('becomes incomplete when bundle items are removed', () => {
    expect(bundleStatus(family, options, clearSelection())).toBe('incomplete');
  });
});

describe('selecting, swapping and stepping', () => {
  it('selecting a bundle sets the quantities to its entries', () => {
    expect(selectBundle(family)).toEqual({ 1: 2, 3: 1 });
  });

  it('swapping an option moves the bundle units and keeps extras on the old option', () => {
    const result = swapBundleOption(options, twoMediums, { 2: 3 }, 2, 3);
    expect(result.quantities).toEqual({ 2: 1, 3: 2 });
    expect(result.bundle.optionBundleEntries[0]).toEqual({
      itemsOptionId: 3,
      quantity: 2,
      itemsOption: { price: 5000 },
    });
  });

  it('swapping to an unknown option changes nothing', () => {
    expect(swapBundleOption(options, twoMediums, { 2: 2 }, 2, 99).quantities).toEqual({ 2: 2 });
  });

  it('blocks going below the bundle minimum with the spec alert', () => {
    expect(canDecrease(twoMediums, { 2: 2 }, 2)).toBe(false);
    expect(decrease(twoMediums, { 2: 2 }, 2)).toEqual({ quantities: { 2: 2 }, alert: MINIMUM_QUANTITY_MESSAGE });
    expect(decrease(twoMediums, { 2: 3 }, 2)).toEqual({ quantities: { 2: 2 } });
  });

  it('never goes below zero and stops at the maximum', () => {
    expect(decrease(undefined, {}, 1)).toEqual({ quantities: {} });
    expect(decrease(undefined, { 1: 1 }, 1)).toEqual({ quantities: {} });
    expect(increase({ 1: 99 }, 1)).toEqual({ 1: 99 });
    expect(increase({}, 1)).toEqual({ 1: 1 });
  });
});

describe('detecting a selection when no bundle is chosen', () => {
  it('reads nothing, a bundle, a bundle with extras, or custom', () => {
    expect(detectSelection([twoMediums, family], {})).toEqual({ kind: 'none' });
    expect(detectSelection([twoMediums, family], { 2: 2 })).toEqual({ kind: 'bundle', bundleId: 1, extras: false });
    expect(detectSelection([twoMediums, family], { 1: 2, 3: 1, 2: 2 })).toEqual({
      kind: 'bundle',
      bundleId: 2,
      extras: true,
    });
    expect(detectSelection([twoMediums, family], { 1: 1 })).toEqual({ kind: 'custom' });
  });

  it('shows the items list first only in extras mode', () => {
    expect(itemsFirst({ kind: 'bundle', bundleId: 1, extras: true })).toBe(true);
    expect(itemsFirst({ kind: 'bundle', bundleId: 1, extras: false })).toBe(false);
    expect(itemsFirst({ kind: 'custom' })).toBe(false);
  });
});

describe('row display (spec §2)', () => {
  it('uses the spec texts and highlights', () => {
    expect(rowDisplay(twoMediums, { 2: 2 }, 2, t)).toEqual({ highlight: 'bundle', text: '2 in bundle' });
    expect(rowDisplay(twoMediums, { 2: 3 }, 2, t)).toEqual({ highlight: 'bundle', text: '2 in bundle + 1 extra' });
    expect(rowDisplay(twoMediums, { 1: 2 }, 1, t)).toEqual({ highlight: 'extra', text: '2 additional' });
    expect(rowDisplay(twoMediums, {}, 1, t)).toEqual({ highlight: 'none', text: '' });
    expect(rowDisplay(undefined, { 1: 2 }, 1, t)).toEqual({ highlight: 'none', text: '' });
  });
});
