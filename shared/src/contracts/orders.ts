import { Type, type Static } from 'typebox';
import { Guid, IntegerId } from './common';
import { MAX_OPTION_QUANTITY, MAX_ORDER_TOTAL_CENTS } from './constants';

/**
 * What the order page sends. Prices are never read from it: the server prices every line from
 * the database. Options are listed by id with the quantity wanted.
 */
export const CreateOrderRequest = Type.Object({
  orderId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  fundraiserId: IntegerId,
  FundraiserDeviceId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  fundraiserDeviceGuid: Type.Optional(Type.Union([Guid, Type.Null()])),
  contactGuid: Type.Optional(Type.Union([Guid, Type.Null()])),
  socialGuid: Type.Optional(Type.Union([Guid, Type.Null()])),
  studentFirstName: Type.String({ maxLength: 100 }),
  studentLastName: Type.String({ maxLength: 100 }),
  donation: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ORDER_TOTAL_CENTS })),
  isDonate: Type.Optional(Type.Boolean()),
  isCashCheck: Type.Optional(Type.Boolean()),
  fundraiserOrderItems: Type.Array(
    Type.Object({
      itemId: IntegerId,
      /** The bundle chosen for this item, checked complete on the server (spec §4). */
      optionBundleId: Type.Optional(Type.Union([IntegerId, Type.Null()])),
      fundraiserOrderItemOptions: Type.Array(
        Type.Object({
          itemOptionId: IntegerId,
          qty: Type.Integer({ minimum: 0, maximum: MAX_OPTION_QUANTITY }),
          // Accepted so the page can post back what it received; ignored by the server.
          price: Type.Optional(Type.Number()),
        }),
        { maxItems: 200 },
      ),
    }),
    { maxItems: 100 },
  ),
});
export type CreateOrderRequest = Static<typeof CreateOrderRequest>;

/** Spec §7: "response data is the new orderId". */
export const CreateOrderResponse = Type.Integer();

/**
 * GET /api/Orders/MatchStudent (issue 31): the student name typed on a directory-path order, checked
 * against the team's student pages before the order is made. The names are checked by the handler
 * (the form's own messages); the lengths are the order's.
 */
export const MatchStudentQuery = Type.Object({
  fundraiserId: IntegerId,
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
});
export type MatchStudentQuery = Static<typeof MatchStudentQuery>;

/**
 * The typed name is exactly one student's of the team: their name as the leaderboard shows it ("Jordan
 * R.", never more); or `none`, the same answer for no such student, several of that name, and no
 * such team, so it tells a stranger nothing they did not type.
 */
export const MatchStudentAnswer = Type.Union([
  Type.Object({ match: Type.Literal('one'), displayName: Type.String() }),
  Type.Object({ match: Type.Literal('none') }),
]);
export type MatchStudentAnswer = Static<typeof MatchStudentAnswer>;

export const OrderIdQuery = Type.Object({ orderId: IntegerId });
export const FundraiserIdQuery = Type.Object({ fundraiserId: IntegerId });
export const ItemIdRequiredQuery = Type.Object({ itemId: IntegerId });
export const PhoneQuery = Type.Object({ phone: Type.String({ minLength: 1, maxLength: 20 }) });
export const FdidQuery = Type.Object({ fdid: Guid });
export const ContactGuidQuery = Type.Object({ contactGuid: Guid });
export const SocialGuidQuery = Type.Object({ socialGuid: Guid });

/** Spec §3 "Option bundle". */
export const OptionBundle = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  icon: Type.Union([Type.String(), Type.Null()]),
  optionBundleEntries: Type.Array(
    Type.Object({
      itemsOptionId: Type.Integer(),
      quantity: Type.Integer(),
      itemsOption: Type.Object({ price: Type.Integer() }),
    }),
  ),
});
export type OptionBundle = Static<typeof OptionBundle>;
export const OptionBundles = Type.Array(OptionBundle);

/** One item the fundraiser sells with its bundles (none when it has none), for GetOptionBundlesForFundraiser. */
export const ItemOptionBundles = Type.Object({
  itemId: Type.Integer(),
  optionBundles: Type.Array(OptionBundle),
});
export type ItemOptionBundles = Static<typeof ItemOptionBundles>;
export const FundraiserOptionBundles = Type.Array(ItemOptionBundles);

export const IncrementPageVisitsRequest = Type.Object({ fundraiserDeviceGuid: Type.String({ maxLength: 100 }) });
export const IncrementStudentContactRequest = Type.Object({ studentContactGuid: Type.String({ maxLength: 100 }) });
export const IncrementSocialMediaRequest = Type.Object({ socialGuid: Type.String({ maxLength: 100 }) });
export const EngagementResponse = Type.Object({ counted: Type.Boolean() });

const Text = (max = 200) => Type.String({ maxLength: max });

/** payment.amount: the order total in cents the page showed, which the server compares. */
const ShownAmount = Type.Integer({ minimum: 0, maximum: 2147483647 });

/** The supporter's details and delivery address, sent with every way of paying. */
const supporterFields = {
  orderId: IntegerId,
  supporterFirstName: Text(100),
  supporterLastName: Text(100),
  supporterPhoneNumber: Text(30),
  donorEmail: Text(254),
  country: Type.Optional(Text(60)),
  shippingAddress: Text(),
  shippingAddress2: Type.Optional(Type.Union([Text(), Type.Null()])),
  shippingCity: Text(100),
  shippingState: Text(60),
  shippingZip: Text(20),
};
export const SupporterDetails = Type.Object(supporterFields);
export type SupporterDetails = Static<typeof SupporterDetails>;

/**
 * Spec §7 ProcessOrder: the order with the supporter's details and payment.token (never a card
 * number). payment.amount is the total in cents the page showed: the server charges only that.
 */
export const ProcessOrderRequest = Type.Object({
  ...supporterFields,
  payment: Type.Object({
    amount: ShownAmount,
    firstName: Type.Optional(Text(100)),
    lastName: Type.Optional(Text(100)),
    address1: Type.Optional(Text()),
    address2: Type.Optional(Type.Union([Text(), Type.Null()])),
    city: Type.Optional(Text(100)),
    state: Type.Optional(Text(60)),
    zip: Type.Optional(Text(20)),
    token: Type.String({ minLength: 1, maxLength: 200 }),
  }),
  /**
   * Issue 19: the supporter ticked "cover the processing fee". The server adds the order's
   * coverFeesAmount (OrderView) to the charge; payment.amount must then be orderTotal + that fee.
   */
  coverFees: Type.Optional(Type.Boolean()),
});
export type ProcessOrderRequest = Static<typeof ProcessOrderRequest>;

/**
 * Spec §7 ProcessOrderCashCheck: the order plus paymentTypeId (1 cash, 3 check) and checkNumber.
 * The type is checked by the server so a wrong one gets the page's own message. payment.amount is
 * the total in cents the page showed: only that is recorded as collected.
 */
export const ProcessOrderCashCheckRequest = Type.Object({
  ...supporterFields,
  paymentTypeId: Type.Union([Type.Integer(), Type.Null()]),
  checkNumber: Type.Optional(Type.Union([Text(30), Type.Null()])),
  payment: Type.Object({ amount: ShownAmount }),
});
export type ProcessOrderCashCheckRequest = Static<typeof ProcessOrderCashCheckRequest>;

/** Spec §7: data is 'success' or a message to show as is. */
export const ProcessOrderResponse = Type.String();

export const ReceiptQuery = Type.Object({ orderId: IntegerId, key: Type.String({ minLength: 1, maxLength: 64 }) });

/** What the digital receipt shows: the order, the supporter and the payment (never card data). */
/**
 * The organisation that issues a receipt. `is501c3` (issue 34): whether gifts to it are deductible
 * as charitable contributions (a 501(c)(3)); false for a booster club or team that is not one, whose
 * receipts say so. Absent (a server before issue 34): a 501(c)(3), as every receipt was worded then.
 */
export const ReceiptOrganization = Type.Object({
  legalName: Type.String(),
  address: Type.String(),
  taxId: Type.String(),
  is501c3: Type.Optional(Type.Boolean()),
});
export type ReceiptOrganization = Static<typeof ReceiptOrganization>;

export const Receipt = Type.Object({
  orderId: Type.Integer(),
  teamName: Type.String(),
  schoolName: Type.String(),
  studentFirstName: Type.String(),
  studentLastName: Type.String(),
  /**
   * The student page the order is credited to, named as the leaderboard names it ("Jordan R."); absent
   * when the order counts for the team only (issue 31).
   */
  creditedStudent: Type.Optional(Type.String()),
  supporterFirstName: Type.String(),
  supporterLastName: Type.String(),
  donorEmail: Type.String(),
  paidAt: Type.String(),
  /**
   * Issue 34: the school's IANA time zone ("America/Chicago"), in which the receipt shows its times
   * (receiptTime). Absent (a server before issue 34): the times are shown in UTC, saying so.
   */
  timeZone: Type.Optional(Type.String()),
  lines: Type.Array(
    Type.Object({
      name: Type.String(),
      quantity: Type.Integer(),
      unitPrice: Type.Integer(),
      lineTotal: Type.Integer(),
      /**
       * Issue 34: the organisation's good-faith estimate of the value of the goods or services this
       * line gave the buyer, in cents, all its units together, as it stood when the order was made
       * (the option's, else its item's, else the price; a bundle's own value when one was chosen).
       * Absent (a server before issue 34): the line's total.
       */
      goodsValue: Type.Optional(Type.Integer()),
    }),
  ),
  donation: Type.Integer(),
  shippingTotal: Type.Integer(),
  /** The processing fee the supporter chose to cover (issue 19), 0 when they did not; part of orderTotal here. */
  coveredFee: Type.Integer(),
  /** What was paid in all: the order's lines, donation, shipping and any covered fee. */
  orderTotal: Type.Integer(),
  /**
   * Who issues the receipt: the school's own organisation when it has one (issue 34), else the
   * site's (ORG_LEGAL_NAME, ORG_ADDRESS, ORG_TAX_ID, ORG_IS_501C3): what a donor files at tax time.
   * Empty strings where nothing is configured.
   */
  organization: ReceiptOrganization,
  /**
   * A cash or check sale a student recorded (absent for a card payment): `receivedAt` is when the
   * organisation confirmed it received the money, null until then. Until then the receipt says the
   * sale was recorded as collected and is no tax receipt: no tax wording, and `organization` empty.
   */
  collection: Type.Optional(Type.Object({ receivedAt: Type.Union([Type.String(), Type.Null()]) })),
  /** Card: brand, last 4 and gateway reference; cash or check: the type and the check number. */
  payment: Type.Object({
    paymentTypeId: Type.Integer(),
    brand: Type.String(),
    last4: Type.String(),
    reference: Type.String(),
    checkNumber: Type.Union([Type.String(), Type.Null()]),
  }),
  /**
   * The order's digital tickets, when it issued any: the page links to
   * `/ManageDiscounts/{ticketPurchaseGuid}` ("Your digital tickets"). Only in the answer to a signed
   * receipt link (whoever holds the receipt may hold its tickets); the first purchase when the
   * order had several ticket lines.
   */
  ticketPurchaseGuid: Type.Optional(Type.String()),
});
export type Receipt = Static<typeof Receipt>;

/**
 * POST /api/Orders/LookupReceipt: a supporter finds a past receipt with the order number and the
 * e-mail used. The e-mail is checked by the handler (trimmed, any case) so a blank one gets the
 * form's own message; the answer is the signed receipt link, or one 404 for every miss.
 */
export const ReceiptLookupRequest = Type.Object({
  orderId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  email: Type.String({ maxLength: 254 }),
});
export type ReceiptLookupRequest = Static<typeof ReceiptLookupRequest>;
export const ReceiptLookupResponse = Type.Object({ receiptUrl: Type.String() });
export type ReceiptLookupResponse = Static<typeof ReceiptLookupResponse>;
