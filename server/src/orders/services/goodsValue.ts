import type { CreateOrderRequest } from '@fu/shared/contracts';
import type { OrderLine } from '@fu/shared/rules';

/**
 * What the catalog says goods are worth (issue 34, IRS Publication 1771's good-faith estimate), in
 * cents: each option's value per unit (its own, else its item's, else its price: merchandise is worth
 * what it costs), and each bundle's value for its entries taken together (null: their values added).
 */
export interface GoodsValueCatalog {
  options: readonly { itemOptionId: number; itemId: number; goodsValue: number }[];
  bundles: ReadonlyMap<
    number,
    {
      itemId: number;
      goodsValue: number | null;
      bundle: { optionBundleEntries: { itemsOptionId: number; quantity: number }[] };
    }
  >;
}

export type ValuedLine = OrderLine & { goodsValue: number };

/**
 * Shares `total` out over `weights` in proportion, in whole cents that add up to it exactly: the cents
 * left by rounding down go to the largest remainders, ties to the earlier line. All-zero weights: the
 * first takes it all.
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Each priced line of an order with the good-faith value of what it gives, fixed as the order is made,
 * so a value changed later does not rewrite its receipt. A line is worth its options' value per unit
 * times its quantity. Where the order chose a bundle that has a value of its own (checkOrder has made
 * sure the bundle is complete), the bundle's entries are worth that value in place of their own, and
 * anything chosen beyond them keeps its own value: the item's lines share the result out in
 * proportion to their own values (to their totals when those are nothing).
 */
export function valueGoods(
  request: Pick<CreateOrderRequest, 'fundraiserOrderItems'>,
  lines: readonly OrderLine[],
  catalog: GoodsValueCatalog,
): ValuedLine[] {
  const optionById = new Map(catalog.options.map((option) => [option.itemOptionId, option]));
  const unitValue = (itemOptionId: number) => Math.max(0, optionById.get(itemOptionId)?.goodsValue ?? 0);
  const valued = lines.map((line) => ({ ...line, goodsValue: unitValue(line.itemOptionId) * line.quantity }));

  const bundledItems = new Set<number>();
  for (const item of request.fundraiserOrderItems) {
    // One bundle per item: an item listed twice is valued by its first bundle.
    if (item.optionBundleId == null || bundledItems.has(item.itemId)) continue;
    bundledItems.add(item.itemId);
    const chosen = catalog.bundles.get(item.optionBundleId);
    if (!chosen || chosen.itemId !== item.itemId || chosen.goodsValue === null) continue;
    const itemLines = valued.filter((line) => optionById.get(line.itemOptionId)?.itemId === item.itemId);
    if (itemLines.length === 0) continue;
    const ownValue = itemLines.reduce((sum, line) => sum + line.goodsValue, 0);
    const entriesValue = chosen.bundle.optionBundleEntries.reduce(
      (sum, entry) => sum + unitValue(entry.itemsOptionId) * entry.quantity,
      0,
    );
    const itemValue = Math.max(0, ownValue - entriesValue + chosen.goodsValue);
    const weights = ownValue > 0 ? itemLines.map((line) => line.goodsValue) : itemLines.map((line) => line.lineTotal);
    shareOut(itemValue, weights).forEach((share, index) => {
      itemLines[index]!.goodsValue = share;
    });
  }
  return valued;
}
