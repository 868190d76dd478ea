import type { OptionBundle } from '../contracts/types';

/**
 * What a fundraiser sells, with every price an order is checked and priced by: the server reads it
 * from the database, the order page builds it from the order and bundles it loaded.
 */
export interface OrderCatalog {
  hasShipping: boolean;
  /**
   * Issue 34: the fundraiser is in privacy mode, so an order from a student's link names the student
   * by first name only (orderRules.ts `orderStudentNameProblems`).
   */
  privacyMode?: boolean;
  items: readonly { itemId: number; shippingCost: number }[];
  options: readonly { itemOptionId: number; itemId: number; itemOptionTypeId: number; price: number }[];
  /** Bundles of the fundraiser's items, by bundle id. */
  bundles: ReadonlyMap<number, { itemId: number; bundle: OptionBundle }>;
}
