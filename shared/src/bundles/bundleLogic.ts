// The bundle state machine of spec §4, as pure functions over one item's option quantities.
// Money is integer cents.
import type { OptionBundle } from '../contracts/types';
// A type only: the server imports the bundle rules without React.
import type { Translate } from '../i18n/translate';
import { pageMessage } from '../i18n/current';

export type { OptionBundle };
export type BundleEntry = OptionBundle['optionBundleEntries'][number];
export interface SelectableOption {
  itemOptionId: number;
  price: number;
}
/** itemOptionId → selected quantity; a missing key is 0. */
export type Quantities = Record<number, number>;
export type BundleStatus = 'none' | 'complete' | 'incomplete';
export type DetectedSelection =
  { kind: 'none' } | { kind: 'custom' } | { kind: 'bundle'; bundleId: number; extras: boolean };

export const MINIMUM_QUANTITY_MESSAGE =
  "This is the minimum quantity required for your selected bundle. You can add more items or choose 'Custom Purchase' to customize individual quantities.";
export const MAX_QUANTITY = 99;

const qtyOf = (quantities: Quantities, optionId: number) => quantities[optionId] ?? 0;

export function bundleTotalQuantity(bundle: OptionBundle): number {
  return bundle.optionBundleEntries.reduce((sum, entry) => sum + entry.quantity, 0);
}

export function bundleTotalValue(bundle: OptionBundle): number {
  return bundle.optionBundleEntries.reduce((sum, entry) => sum + entry.quantity * entry.itemsOption.price, 0);
}

/** Spec §9: bundle tiers sorted by total value, highest first. */
export function sortBundlesByValue(bundles: readonly OptionBundle[]): OptionBundle[] {
  return [...bundles].sort((a, b) => bundleTotalValue(b) - bundleTotalValue(a));
}

function unitPrices(pairs: { price: number; quantity: number }[]): number[] {
  return pairs.flatMap(({ price, quantity }) => Array<number>(Math.max(0, quantity)).fill(price)).sort((a, b) => b - a);
}

/**
 * Complete needs (1) enough units, (2) enough value, and (3) every bundle unit covered by a
 * distinct selected unit of an equal or higher price. Pairing both lists sorted by price, highest
 * first, is the best possible cover, so one comparison per unit decides (3).
 */
export function bundleStatus(
  bundle: OptionBundle | undefined,
  options: readonly SelectableOption[],
  quantities: Quantities,
): BundleStatus {
  if (!bundle) return 'none';
  const selected = unitPrices(options.map((o) => ({ price: o.price, quantity: qtyOf(quantities, o.itemOptionId) })));
  const required = unitPrices(
    bundle.optionBundleEntries.map((e) => ({ price: e.itemsOption.price, quantity: e.quantity })),
  );
  const selectedValue = selected.reduce((sum, price) => sum + price, 0);
  const enoughUnits = selected.length >= required.length;
  const enoughValue = selectedValue >= bundleTotalValue(bundle);
  const covered = enoughUnits && required.every((price, index) => (selected[index] ?? -1) >= price);
  return enoughUnits && enoughValue && covered ? 'complete' : 'incomplete';
}

/** Selecting a bundle sets the item's quantities to exactly its entries. */
export function selectBundle(bundle: OptionBundle): Quantities {
  const quantities: Quantities = {};
  for (const entry of bundle.optionBundleEntries) {
    quantities[entry.itemsOptionId] = qtyOf(quantities, entry.itemsOptionId) + entry.quantity;
  }
  return quantities;
}

/** Removing a bundle or choosing Custom Purchase zeroes every quantity. */
export function clearSelection(): Quantities {
  return {};
}

export function bundleQuantityFor(bundle: OptionBundle | undefined, optionId: number): number {
  if (!bundle) return 0;
  return bundle.optionBundleEntries
    .filter((entry) => entry.itemsOptionId === optionId)
    .reduce((sum, entry) => sum + entry.quantity, 0);
}

/**
 * Changing a bundle option: the entry moves to the new option (with its price), the bundle's
 * units move with it, and extras the buyer had above the bundle quantity stay where they were.
 */
export function swapBundleOption(
  options: readonly SelectableOption[],
  bundle: OptionBundle,
  quantities: Quantities,
  fromOptionId: number,
  toOptionId: number,
): { bundle: OptionBundle; quantities: Quantities } {
  const target = options.find((o) => o.itemOptionId === toOptionId);
  const moved = bundleQuantityFor(bundle, fromOptionId);
  if (!target || moved === 0 || fromOptionId === toOptionId) return { bundle, quantities };
  const swapped: OptionBundle = {
    ...bundle,
    optionBundleEntries: bundle.optionBundleEntries.map((entry) =>
      entry.itemsOptionId === fromOptionId
        ? { ...entry, itemsOptionId: toOptionId, itemsOption: { price: target.price } }
        : entry,
    ),
  };
  const next = { ...quantities };
  const movedUnits = Math.min(moved, qtyOf(quantities, fromOptionId));
  const remaining = qtyOf(quantities, fromOptionId) - movedUnits;
  if (remaining > 0) next[fromOptionId] = remaining;
  else delete next[fromOptionId];
  if (movedUnits > 0) next[toOptionId] = qtyOf(quantities, toOptionId) + movedUnits;
  return { bundle: swapped, quantities: next };
}

export function canDecrease(bundle: OptionBundle | undefined, quantities: Quantities, optionId: number): boolean {
  const qty = qtyOf(quantities, optionId);
  return qty > 0 && qty > bundleQuantityFor(bundle, optionId);
}

/** One unit less, unless that would go below the selected bundle's quantity (alert) or below 0. */
export function decrease(
  bundle: OptionBundle | undefined,
  quantities: Quantities,
  optionId: number,
): { quantities: Quantities; alert?: string } {
  const qty = qtyOf(quantities, optionId);
  if (qty === 0) return { quantities };
  if (!canDecrease(bundle, quantities, optionId)) return { quantities, alert: MINIMUM_QUANTITY_MESSAGE };
  const next = { ...quantities };
  if (qty - 1 > 0) next[optionId] = qty - 1;
  else delete next[optionId];
  return { quantities: next };
}

export function increase(quantities: Quantities, optionId: number, max = MAX_QUANTITY): Quantities {
  const qty = qtyOf(quantities, optionId);
  return qty >= max ? quantities : { ...quantities, [optionId]: qty + 1 };
}

function covers(bundle: OptionBundle, quantities: Quantities): boolean {
  const wanted = selectBundle(bundle);
  return Object.entries(wanted).every(([optionId, qty]) => qtyOf(quantities, Number(optionId)) >= qty);
}

function total(quantities: Quantities): number {
  return Object.values(quantities).reduce((sum, qty) => sum + qty, 0);
}

/**
 * With no bundle selected, existing quantities are read as: nothing, exactly a bundle, a bundle
 * with extras (the highest-value bundle they contain), or a custom purchase.
 */
export function detectSelection(bundles: readonly OptionBundle[], quantities: Quantities): DetectedSelection {
  const units = total(quantities);
  if (units === 0) return { kind: 'none' };
  for (const bundle of sortBundlesByValue(bundles)) {
    if (bundleTotalQuantity(bundle) > 0 && covers(bundle, quantities)) {
      return { kind: 'bundle', bundleId: bundle.id, extras: units > bundleTotalQuantity(bundle) };
    }
  }
  return { kind: 'custom' };
}

/**
 * Spec §2: green when part of the quantity is in the bundle, grey when only additional; the text in
 * the page's language (`t`: useT): "2 in bundle + 1 extra", "2 additional".
 */
export function rowDisplay(
  bundle: OptionBundle | undefined,
  quantities: Quantities,
  optionId: number,
  t: Translate = pageMessage,
): { highlight: 'bundle' | 'extra' | 'none'; text: string } {
  const qty = qtyOf(quantities, optionId);
  const inBundle = Math.min(qty, bundleQuantityFor(bundle, optionId));
  const extra = qty - inBundle;
  if (inBundle > 0) {
    const text =
      extra > 0 ? t('shared.bundle.inBundleWithExtra', { inBundle, extra }) : t('shared.bundle.inBundle', { inBundle });
    return { highlight: 'bundle', text };
  }
  if (qty > 0 && bundle) return { highlight: 'extra', text: t('shared.bundle.additional', { qty }) };
  return { highlight: 'none', text: '' };
}

/** Spec §4: the items list shows first in extras mode. */
export function itemsFirst(detected: DetectedSelection): boolean {
  return detected.kind === 'bundle' && detected.extras;
}
