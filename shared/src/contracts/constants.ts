// Plain values shared by the browser and the server (no TypeBox here: browser bundles import this).

/** Spec §5 messages the server repeats when the browser's checks were skipped. */
export const ORDER_MESSAGES = {
  studentFirstName: 'Please enter a first name for the student.',
  studentLastName: 'Please enter a last name for the student.',
  noItem: 'Please select an item.',
  donationMinimum: 'Donation must be at least $35.00.',
} as const;

/** Spec §9: minimum donation $35, in cents. */
export const MINIMUM_DONATION_CENTS = 3500;
/** A sane ceiling per option line; a school fundraiser order never needs more. */
export const MAX_OPTION_QUANTITY = 99;
/** Spec §6: cash/check mode removes this item. */
export const CASH_CHECK_EXCLUDED_ITEM_ID = 43;
