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
/** At most this many of one option in one order, all its rows together; a school order never needs more. */
export const MAX_OPTION_QUANTITY = 99;
/**
 * The largest order total in cents ($1,000,000), items, shipping and donation together: far above
 * any school order, and with the 5% card fee still far below what the integer money columns hold
 * (2,147,483,647 cents).
 */
export const MAX_ORDER_TOTAL_CENTS = 100_000_000;
/** Spec §6: cash/check mode removes this item. */
export const CASH_CHECK_EXCLUDED_ITEM_ID = 43;

/** Spec §5: checkout states are the US states, DC, Guam and Puerto Rico. */
export const US_STATES: readonly { code: string; name: string }[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['GU', 'Guam'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([code, name]) => ({ code: code!, name: name! }));

/** Spec §9 payment types. */
export const PAYMENT_TYPES = { cash: 1, card: 2, check: 3 } as const;

/** Spec §9: a 5% convenience fee on items plus shipping (never on a donation). */
export const CONVENIENCE_FEE_PERCENT = 5;
export function convenienceFeeCents(itemsPlusShippingCents: number): number {
  return Math.round((itemsPlusShippingCents * CONVENIENCE_FEE_PERCENT) / 100);
}
/** Spec §2/§9: the cash/check summary shows the fee only when the payment type is 2 (card) or absent. */
export function showsConvenienceFee(paymentTypeId: number | null | undefined): boolean {
  return paymentTypeId == null || paymentTypeId === PAYMENT_TYPES.card;
}

/**
 * The receipt lookup (/Receipts). One message for every miss — wrong number, wrong e-mail or an
 * unpaid order — so the form does not tell which part was wrong.
 */
export const RECEIPT_LOOKUP_MESSAGES = {
  orderId: 'Please enter your order number.',
  orderIdFormat: 'The order number is digits only, for example 1042.',
  email: 'Please enter the e-mail address used for the order.',
  emailFormat: 'Please enter a valid e-mail address, like name@example.com.',
  notFound: 'We could not find a paid order with that order number and e-mail.',
} as const;

/** Messages of the cash/check checkout the spec leaves unworded. */
export const CASH_CHECK_MESSAGES = {
  paymentType: 'Please choose Cash or Check.',
  notStudentOrder: 'Cash and check orders are taken on a student page. Please pay by card instead.',
  excludedItems: 'This order has items that cannot be paid by cash or check. Please pay by card instead.',
} as const;

/** Spec §5 checkout messages, word for word. */
export const CHECKOUT_MESSAGES = {
  email: 'Please enter a valid email address for shipping updates.',
  phone: 'Please enter a valid phone number for receipt.',
  address: 'Please enter your shipping address.',
  country: 'Please select a valid country.',
  state: 'Please provide a valid state.',
  city: 'City required.',
  zip: 'Zip code required.',
  holderName: 'Name on card is required',
  cardNumber: 'Card number is required',
  expiryMonth: 'Card expiration month is required',
  expiryYear: 'Card expiration year is required',
  cvv: 'Card CVV is required',
  checkNumber: 'Please enter a check number.',
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
} as const;

/** Spec §6: the student's 'New Order (Cash / Check)?' button needs a type-0 option on an item other than these. */
export const CASH_CHECK_BUTTON_IGNORED_ITEM_IDS: readonly number[] = [43, 44, 46];

/** Spec §9: the share text cites a goal of $500, whatever the fundraiser's own goal. */
export const SHARE_GOAL_CENTS = 50_000;

/**
 * Issue 9: a fundraiser's goal per student unless the admin API or an import sets another
 * (fundraisers.goal_per_student_cents defaults to it): the $500 the share text cites.
 */
export const DEFAULT_GOAL_PER_STUDENT_CENTS = SHARE_GOAL_CENTS;

/** Spec §9 QR code defaults: size and quiet zone in pixels, error correction level, logo width as a share of size. */
export const QR_CODE = { size: 150, quietZone: 10, level: 'M', logoPercent: 20 } as const;

/** Spec §5 and §8 ticket messages the server answers and the ticket pages show, word for word. */
export const TICKET_MESSAGES = {
  sendLinkPhone: 'Please enter a valid 10-digit phone number.',
  sendLinkFailed: 'Could not send the link. Please check the phone number and try again.',
  alreadyRedeemed: 'This offer has already been redeemed',
  noPurchase: 'Sorry, there are no digital items associated located here :/',
  presentAtCheckout: 'Present this at Checkout',
  loading: 'Loading…',
  complimentary: 'Complimentary',
} as const;

/**
 * Support's contacts (spec §2 Help): the Help page shows them, and the answer to a texted HELP gives
 * them (server/src/messaging/sms/keywords.ts, issue 34), so both say the same.
 */
export const SUPPORT_CONTACTS = {
  phoneDisplay: '(888) 555-0142',
  phoneHref: 'tel:+18885550142',
  email: 'support@fundraisinguniversity.com',
  registrationGuideUrl: 'https://fundraisinguniversity.com/registration-guide',
  franchiseUrl: 'https://fundraisinguniversity.com/start-a-fundraiser',
  replyWithinHours: 24,
} as const;
