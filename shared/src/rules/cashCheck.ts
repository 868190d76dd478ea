import { CASH_CHECK_BUTTON_IGNORED_ITEM_IDS, CASH_CHECK_EXCLUDED_ITEM_ID } from '../contracts/constants';

/** Spec §6: only options of this type may be paid by cash or check. */
export const CASH_CHECK_OPTION_TYPE_ID = 0;

/** Spec §6: a cash/check order holds no item 43 and only options of type 0. */
export function cashCheckAllows(line: { itemId: number; itemOptionTypeId: number }): boolean {
  return line.itemId !== CASH_CHECK_EXCLUDED_ITEM_ID && line.itemOptionTypeId === CASH_CHECK_OPTION_TYPE_ID;
}

/**
 * Spec §6: the student page offers 'New Order (Cash / Check)?' only when an item other than 43, 44
 * or 46 has an option of type 0.
 */
export function offersCashCheckOrder(items: readonly { itemId: number; optionTypeIds: readonly number[] }[]): boolean {
  return items.some(
    (item) =>
      !CASH_CHECK_BUTTON_IGNORED_ITEM_IDS.includes(item.itemId) &&
      item.optionTypeIds.includes(CASH_CHECK_OPTION_TYPE_ID),
  );
}
