import { useEffect } from 'react';
import type { FundraiserOrder } from '@fu/shared';
import { orderApi } from '../api/orderApi';
import { useOrderStore } from '../store/orderStore';

/**
 * Puts the order in the page's store, then every item's bundles, fetched for the whole fundraiser
 * at once (spec §8: a failed fetch leaves the items without bundles).
 */
export function useLoadOrder(order: FundraiserOrder) {
  useEffect(() => {
    const { load, setBundles } = useOrderStore.getState();
    load(order);
    let current = true;
    void orderApi.bundlesForFundraiser(order.fundraiserId).then((found) => {
      if (!current) return;
      const byItem = new Map(found.map((entry) => [entry.itemId, entry.optionBundles]));
      for (const item of order.fundraiserOrderItems) setBundles(item.itemId, byItem.get(item.itemId) ?? []);
    });
    return () => {
      current = false;
    };
  }, [order]);
}
