import type { FundraiserOrder, OrderCatalog } from '@fu/shared';
import type { ItemBundleState } from './store/orderStore';

/**
 * What the fundraiser sells as the page loaded it: the order's items and options with their prices,
 * and each item's bundles (none for an item whose bundles have not arrived or failed to load).
 */
export function orderCatalogOf(
  order: Pick<FundraiserOrder, 'hasShipping' | 'fundraiserOrderItems' | 'privacyMode'>,
  bundleState: Record<number, Pick<ItemBundleState, 'bundles'>>,
): OrderCatalog {
  const items = order.fundraiserOrderItems;
  return {
    hasShipping: order.hasShipping,
    privacyMode: order.privacyMode,
    items,
    options: items.flatMap((item) =>
      item.fundraiserOrderItemOptions.map((option) => ({
        itemOptionId: option.itemOptionId,
        itemId: item.itemId,
        itemOptionTypeId: option.itemOptionTypeId,
        price: option.price,
      })),
    ),
    bundles: new Map(
      Object.entries(bundleState).flatMap(([itemId, { bundles }]) =>
        bundles.map((bundle) => [bundle.id, { itemId: Number(itemId), bundle }] as const),
      ),
    ),
  };
}
