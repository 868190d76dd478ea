import { CASH_CHECK_BUTTON_IGNORED_ITEM_IDS, type FundraiserDevice } from '@fu/shared';

/** Spec §6: offer 'New Order (Cash / Check)?' only when an item other than 43, 44 or 46 has a type-0 option. */
export function offersCashCheckOrder(fundraiser: FundraiserDevice['fundraiser']): boolean {
  return fundraiser.fundraiserItems.some(
    ({ item }) =>
      !CASH_CHECK_BUTTON_IGNORED_ITEM_IDS.includes(item.itemId) &&
      item.itemsOptions.some((option) => option.itemOptionTypeId === 0),
  );
}
