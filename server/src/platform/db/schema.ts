// One schema for the whole product (spec §3). Money is integer cents everywhere.
import { sql } from 'drizzle-orm';
import { DEFAULT_GOAL_PER_STUDENT_CENTS } from '@fu/shared/contracts';
import { LANGUAGES } from '@fu/shared/i18n/languages';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The order columns a checkout fills in (orders/services/supporterDetails.ts `supporterColumns`). */
export interface SupporterColumns {
  supporterFirstName: string;
  supporterLastName: string;
  supporterPhoneNumber: string | null;
  donorEmail: string;
  shippingAddress: string;
  shippingAddress2: string | null;
  shippingCity: string;
  shippingState: string | null;
  shippingZip: string;
}

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/**
 * Issue 35 (migration 0021): the language of the page the row was made in, 'en' or 'es'; the texts
 * and e-mails to its person are in it (docs/i18n.md). Rows from before are English.
 */
const language = () => text('language', { enum: LANGUAGES }).notNull().default('en');
const languageCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} IN ('en', 'es')`);

export const schools = pgTable(
  'schools',
  {
    id: id(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    // Issue 34 (migration 0014): the organisation that issues the school's receipts, when it has
    // its own; null legal name: the site's (ORG_*). Legal name and 501(c)(3) status go together.
    orgLegalName: text('org_legal_name'),
    orgAddress: text('org_address'),
    orgTaxId: text('org_tax_id'),
    orgIs501c3: boolean('org_is_501c3'),
    /**
     * The school's IANA time zone ("America/Chicago"), the clock its reminders keep to (9 am to 8 pm
     * there, messaging/sms/quietHours.ts). Left out of an insert, the database takes the state's zone
     * (migration 0015's trigger, a copy of catalog/schoolTimeZones.ts).
     */
    timeZone: text('time_zone')
      .notNull()
      .$defaultFn(() => sql`default`),
  },
  (t) => [
    index('schools_state_idx').on(t.state, t.name),
    check('schools_org_complete', sql`(${t.orgLegalName} IS NULL) = (${t.orgIs501c3} IS NULL)`),
  ],
);

export const teams = pgTable('teams', {
  id: id(),
  name: text('name').notNull(),
  primaryColorHex: text('primary_color_hex'),
  secondaryColorHex: text('secondary_color_hex'),
  photoUrl: text('photo_url'),
  useBackgroundPhoto: boolean('use_background_photo').notNull().default(false),
  backgroundPhotoUrl: text('background_photo_url'),
  link1Url: text('link1_url'),
  link1Name: text('link1_name'),
  link2Url: text('link2_url'),
  link2Name: text('link2_name'),
  link3Url: text('link3_url'),
  link3Name: text('link3_name'),
});

export const fundraisers = pgTable(
  'fundraisers',
  {
    id: id(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /**
     * The goal for each student (migration 0006); the team's goal is this times its number of
     * students (fundraiser_devices), at least one (catalog/repositories/progress.ts).
     */
    goalPerStudentCents: integer('goal_per_student_cents').notNull().default(DEFAULT_GOAL_PER_STUDENT_CENTS),
    videoUrl: text('video_url'),
    testMode: boolean('test_mode').notNull().default(false),
    hasShipping: boolean('has_shipping').notNull().default(false),
    /**
     * Issue 34 (migration 0018): when the retention policy erased the fundraiser's students (its
     * pages, the students' names on its orders), some months after it ended (docs/privacy.md).
     */
    studentsErasedAt: timestamp('students_erased_at', { withTimezone: true }),
    /**
     * Issue 34 (migration 0016): privacy mode. No leaderboard, students named by first name only
     * wherever anyone but the admin app sees them, and link previews that name no student
     * (`studentNameIn` in shared/src/rules/studentName.ts).
     */
    privacyMode: boolean('privacy_mode').notNull().default(false),
  },
  (t) => [
    index('fundraisers_school_active_idx').on(t.schoolId, t.isActive),
    check('fundraisers_goal_per_student_positive', sql`${t.goalPerStudentCents} > 0`),
  ],
);

export const items = pgTable('items', {
  id: id(),
  name: text('name').notNull(),
  itemImage: text('item_image'),
  messageTextName: text('message_text_name').notNull(),
  shippingCost: integer('shipping_cost').notNull().default(0),
  /**
   * Issue 34: the good-faith value of the goods or services one unit of any of its options gives
   * (IRS Publication 1771), in cents, for options without their own; null: each option's price.
   */
  goodsValue: integer('goods_value'),
});

export const itemOptions = pgTable(
  'item_options',
  {
    id: id(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    itemOptionTypeId: integer('item_option_type_id').notNull().default(0),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    imgUrl: text('img_url'),
    /** Issue 34: the good-faith value of one unit, in cents; null: its item's, else its price. */
    goodsValue: integer('goods_value'),
  },
  (t) => [index('item_options_item_idx').on(t.itemId)],
);

export const fundraiserItems = pgTable(
  'fundraiser_items',
  {
    fundraiserId: integer('fundraiser_id')
      .notNull()
      .references(() => fundraisers.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.fundraiserId, t.itemId] }), index('fundraiser_items_item_idx').on(t.itemId)],
);

export const optionBundles = pgTable(
  'option_bundles',
  {
    id: id(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon'),
    /**
     * Issue 34: the good-faith value of the bundle's entries taken together, in cents, when an order
     * chooses it; null: the sum of its entries' values.
     */
    goodsValue: integer('goods_value'),
  },
  (t) => [index('option_bundles_item_idx').on(t.itemId)],
);

export const optionBundleEntries = pgTable(
  'option_bundle_entries',
  {
    id: id(),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => optionBundles.id, { onDelete: 'cascade' }),
    itemsOptionId: integer('items_option_id')
      .notNull()
      .references(() => itemOptions.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('option_bundle_entries_bundle_idx').on(t.bundleId)],
);

export const fundraiserDevices = pgTable(
  'fundraiser_devices',
  {
    id: id(),
    guid: uuid('guid').notNull(),
    fundraiserId: integer('fundraiser_id')
      .notNull()
      .references(() => fundraisers.id),
    /** Digits only, 10 (US national number). */
    phone: text('phone').notNull(),
    isOptedIn: boolean('is_opted_in'),
    studentFirstName: text('student_first_name').notNull(),
    studentLastName: text('student_last_name').notNull(),
    /** The guid in the link a student texts to contacts (/Order/Contact/{contactGuid}). */
    contactGuid: uuid('contact_guid'),
    /** The guid in the link a student posts on social media (/Order/Social/{socialGuid}). */
    socialGuid: uuid('social_guid'),
    /**
     * When the phone's owner confirmed this page (a code texted to the phone, confirmed on the
     * page): its consent to reminders. Until then no reminder goes out for this page, since
     * anyone can make a page with any number.
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /**
     * Issue 34 (COPPA): "Is the student 13 or older?"; null until answered. A page not answered
     * true is private (no working share link, named nowhere public, texts no one) until a parent
     * confirms it (parentConsentedAt). Answered once: a page cannot change its answer.
     */
    studentIs13OrOlder: boolean('student_is_13_or_older'),
    /** When the age question was answered, and how: when the page was made, on the page, by the import, or by migration 0017 for pages made before it. */
    ageAnsweredAt: timestamp('age_answered_at', { withTimezone: true }),
    ageAnsweredVia: text('age_answered_via', { enum: ['new_page', 'student_page', 'import', 'before_0017'] }),
    /** The parent's phone that confirmed a younger student's page: the page's texts go to it. */
    parentPhone: text('parent_phone'),
    parentConsentedAt: timestamp('parent_consented_at', { withTimezone: true }),
    /** The page's language: made in, or the one its reminders were last turned on in; its texts are in it. */
    language: language(),
    createdAt: createdAt(),
  },
  (t) => [
    languageCheck('fundraiser_devices_language', t.language),
    uniqueIndex('fundraiser_devices_guid_idx').on(t.guid),
    index('fundraiser_devices_phone_idx').on(t.phone),
    index('fundraiser_devices_parent_phone_idx').on(t.parentPhone),
    uniqueIndex('fundraiser_devices_contact_idx').on(t.contactGuid),
    uniqueIndex('fundraiser_devices_social_idx').on(t.socialGuid),
    index('fundraiser_devices_fundraiser_idx').on(t.fundraiserId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    fundraiserId: integer('fundraiser_id')
      .notNull()
      .references(() => fundraisers.id),
    fundraiserDeviceId: integer('fundraiser_device_id').references(() => fundraiserDevices.id),
    status: text('status', { enum: ['unpaid', 'paid'] })
      .notNull()
      .default('unpaid'),
    isDonate: boolean('is_donate').notNull().default(false),
    donation: integer('donation').notNull().default(0),
    itemsTotal: integer('items_total').notNull().default(0),
    shippingTotal: integer('shipping_total').notNull().default(0),
    orderTotal: integer('order_total').notNull().default(0),
    /**
     * Issue 19: the processing fee the supporter chose to cover at card checkout, charged on top of
     * order_total (which stays items + shipping + donation); 0 for cash and check. Paid in all:
     * order_total + covered_fee.
     */
    coveredFee: integer('covered_fee').notNull().default(0),
    testMode: boolean('test_mode').notNull().default(false),
    studentFirstName: text('student_first_name').notNull().default(''),
    studentLastName: text('student_last_name').notNull().default(''),
    supporterFirstName: text('supporter_first_name'),
    supporterLastName: text('supporter_last_name'),
    supporterPhoneNumber: text('supporter_phone_number'),
    donorEmail: text('donor_email'),
    shippingAddress: text('shipping_address'),
    shippingAddress2: text('shipping_address2'),
    shippingCity: text('shipping_city'),
    shippingState: text('shipping_state'),
    shippingZip: text('shipping_zip'),
    paymentTypeId: integer('payment_type_id'),
    checkNumber: text('check_number'),
    contactGuid: uuid('contact_guid'),
    socialGuid: uuid('social_guid'),
    /**
     * SHA-256 of the browser key (the httpOnly cookie) of the browser that made the order: the
     * order's capability. Reading, editing, paying and the receipt link need the token.
     */
    ownerKeyHash: text('owner_key_hash'),
    /**
     * A sale a student took in person on their own page (NewOrderWithFDID, or CreateOrder in
     * cash/check mode with the page's guid): the only orders that can be paid by cash or check.
     */
    studentSale: boolean('student_sale').notNull().default(false),
    /**
     * Issue 31: how an order from the team's page (no student link) came to count for a student: by
     * the name the supporter typed, matching exactly one student page of the team. `name`: the order's
     * own answers say whom it supports; `name_quiet`: they do not (the client was past its budget of
     * name checks, so the answer must not tell a roster walker whether the name matched). Null for
     * an order credited by a student's link, or to no one. Such an order's supporter is not shown
     * on the student page: the supporter typed a name, and gave their details to no one's page.
     */
    creditedBy: text('credited_by', { enum: ['name', 'name_quiet'] }),
    /**
     * A cash or check sale is recorded by the student as collected; the organisation confirms it
     * received the money (an admin call, per order or per deposit), and only then is its receipt a
     * tax receipt. When, who (the admin app's user) and the deposit it came in, if named.
     */
    cashReceivedAt: timestamp('cash_received_at', { withTimezone: true }),
    cashReceivedBy: text('cash_received_by'),
    cashDepositRef: text('cash_deposit_ref'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * Issue 34 (migration 0018): when the supporter's details (names, phone, e-mail, address) were
     * erased, at their request or by the retention policy; the amounts stay (docs/privacy.md).
     */
    supporterErasedAt: timestamp('supporter_erased_at', { withTimezone: true }),
    /** Issue 34: when the student's name and links were erased from the order (their page was deleted). */
    studentErasedAt: timestamp('student_erased_at', { withTimezone: true }),
    /** The language of the order page it was made (or last changed) in: its receipt e-mail and tickets text are in it. */
    language: language(),
  },
  (t) => [
    languageCheck('orders_language', t.language),
    index('orders_fundraiser_idx').on(t.fundraiserId),
    index('orders_device_idx').on(t.fundraiserDeviceId),
    index('orders_contact_idx').on(t.contactGuid),
    index('orders_social_idx').on(t.socialGuid),
    index('orders_supporter_phone_idx').on(t.supporterPhoneNumber),
    index('orders_paid_at_idx').on(t.paidAt),
    index('orders_unpaid_created_idx')
      .on(t.createdAt)
      .where(sql`status = 'unpaid'`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemOptionId: integer('item_option_id')
      .notNull()
      .references(() => itemOptions.id),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    lineTotal: integer('line_total').notNull(),
    /**
     * Issue 34: the good-faith value of the goods or services the line gave, all its units, in cents,
     * fixed when the order was made (orders/services/goodsValue.ts); null (lines made before): the line's total.
     */
    goodsValue: integer('goods_value'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    amount: integer('amount').notNull(),
    paymentTypeId: integer('payment_type_id').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    gatewayRef: text('gateway_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * A card attempt is recorded 'pending' (committed) before the gateway is asked to charge, then
     * becomes 'approved' or 'declined'; 'abandoned' when the gateway never took the charge (the
     * server died or the gateway was unreachable before it got the request).
     */
    status: text('status', { enum: ['pending', 'approved', 'declined', 'abandoned'] }).notNull(),
    /** The checkout's supporter details, kept with a card attempt so recovery can complete the order. */
    supporterDetails: jsonb('supporter_details').$type<SupporterColumns>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_idx').on(t.idempotencyKey),
    index('payments_order_idx').on(t.orderId),
    // At most one attempt in flight per order; also the short list recovery scans.
    uniqueIndex('payments_pending_order_idx')
      .on(t.orderId)
      .where(sql`status = 'pending'`),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    fundraiserId: integer('fundraiser_id')
      .notNull()
      .references(() => fundraisers.id),
    guid: uuid('guid').notNull(),
    name: text('name').notNull(),
    photoUrl: text('photo_url'),
    photoUrl2: text('photo_url2'),
    photoUrl3: text('photo_url3'),
    photoUrl4: text('photo_url4'),
    photoUrl5: text('photo_url5'),
  },
  (t) => [uniqueIndex('tickets_guid_idx').on(t.guid), index('tickets_fundraiser_idx').on(t.fundraiserId)],
);

export const ticketPurchases = pgTable(
  'ticket_purchases',
  {
    id: id(),
    guid: uuid('guid').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    /** 0 for a complimentary ticket (spec: 'Complimentary' when the order id is 0). */
    orderId: integer('order_id').notNull().default(0),
    /** The paid order line this purchase was issued for; unique, so a line never issues twice. */
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    phone: text('phone'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The language of the order that bought it ('en' for a complimentary one). */
    language: language(),
  },
  (t) => [
    languageCheck('ticket_purchases_language', t.language),
    uniqueIndex('ticket_purchases_guid_idx').on(t.guid),
    index('ticket_purchases_ticket_idx').on(t.ticketId),
    uniqueIndex('ticket_purchases_order_line_idx').on(t.orderLineId),
    index('ticket_purchases_order_idx').on(t.orderId),
  ],
);

export const ticketPurchaseSessions = pgTable(
  'ticket_purchase_sessions',
  {
    id: id(),
    guid: uuid('guid').notNull(),
    ticketPurchaseId: integer('ticket_purchase_id')
      .notNull()
      .references(() => ticketPurchases.id),
    phone: text('phone'),
    keyActivatedAt: timestamp('key_activated_at', { withTimezone: true }),
    /** SHA-256 of the device token held in an httpOnly cookie; the token itself is never stored. */
    deviceTokenHash: text('device_token_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ticket_purchase_sessions_guid_idx').on(t.guid),
    index('ticket_purchase_sessions_purchase_idx').on(t.ticketPurchaseId),
  ],
);

/**
 * Single-use activation links texted to a ticket's phone. Only the SHA-256 of the code is kept;
 * 'activate' binds a ticket no device holds yet, 'share' too (the link its buyer texted, valid for
 * days), 'reactivate' moves it to the device that opens it.
 */
export const ticketActivationCodes = pgTable(
  'ticket_activation_codes',
  {
    id: id(),
    ticketPurchaseSessionId: integer('ticket_purchase_session_id')
      .notNull()
      .references(() => ticketPurchaseSessions.id),
    codeHash: text('code_hash').notNull(),
    kind: text('kind', { enum: ['activate', 'reactivate', 'share'] }).notNull(),
    phone: text('phone').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ticket_activation_codes_hash_idx').on(t.codeHash),
    index('ticket_activation_codes_session_idx').on(t.ticketPurchaseSessionId),
  ],
);

export const vendors = pgTable('vendors', {
  id: id(),
  name: text('name').notNull(),
  photoUrl: text('photo_url'),
  state: text('state'),
});

export const vendorOffers = pgTable(
  'vendor_offers',
  {
    id: id(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    photoUrl: text('photo_url'),
    photoUrl2: text('photo_url2'),
    offerTypeId: integer('offer_type_id').notNull().default(1),
  },
  (t) => [index('vendor_offers_vendor_idx').on(t.vendorId)],
);

export const ticketOffers = pgTable(
  'ticket_offers',
  {
    id: id(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    vendorOfferId: integer('vendor_offer_id')
      .notNull()
      .references(() => vendorOffers.id),
    ticketQty: integer('ticket_qty').notNull().default(1),
  },
  (t) => [index('ticket_offers_ticket_idx').on(t.ticketId)],
);

export const offerRedemptions = pgTable(
  'offer_redemptions',
  {
    id: id(),
    ticketPurchaseSessionId: integer('ticket_purchase_session_id')
      .notNull()
      .references(() => ticketPurchaseSessions.id),
    ticketOfferId: integer('ticket_offer_id')
      .notNull()
      .references(() => ticketOffers.id),
    idempotencyKey: text('idempotency_key'),
    redeemedAt: createdAt(),
  },
  (t) => [
    index('offer_redemptions_session_offer_idx').on(t.ticketPurchaseSessionId, t.ticketOfferId),
    uniqueIndex('offer_redemptions_idempotency_idx').on(t.idempotencyKey),
  ],
);

export const engagementCounters = pgTable(
  'engagement_counters',
  {
    guid: uuid('guid').notNull(),
    kind: text('kind', { enum: ['share_clicks', 'page_visits', 'student_contact', 'social_media'] }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.guid, t.kind] })],
);

/**
 * How a stored message fares, the same in every outbox (sms_outbox, email_outbox): queued: a
 * provider is being asked (or a crash left it so); failed: the provider refused it, and
 * `nextAttemptAt` says when it is sent again (none: never); given_up: failed `attempts` times, the
 * retry limit; held: the site's daily cap was reached (SMS_DAILY_CAP), so it waits, unsent, for
 * `nextAttemptAt` (the next UTC day), when the retry job sends it; withheld: never sent, as a rule
 * said (an e-mail over its address's daily budget, a receipt of a sale on a student page whose
 * phone is not confirmed, a text to a number outside the US and Canada, or one over the daily cap
 * that may not go late); opted_out (texts only): never sent, or not sent again, because the phone
 * texted STOP (sms_opt_outs). messaging/repositories/outbox.ts keeps these columns.
 */
const outboxDelivery = () => ({
  status: text('status', { enum: ['queued', 'sent', 'failed', 'given_up', 'held', 'withheld', 'opted_out'] })
    .notNull()
    .default('queued'),
  providerRef: text('provider_ref'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** How many times a provider was asked to send it. */
  attempts: integer('attempts').notNull().default(1),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  /**
   * Until when the process that queued or claimed the message is taken to be sending it. A queued
   * message whose lease ran out was left by a process that died mid-send, and the retry job sends it
   * again (messaging/outbox/sender.ts). Null for a message that must never go out late (a sender that asks the
   * person to try again instead).
   */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

/** The failed messages the retry job looks for, by when they are due. */
const outboxRetryIndex = (name: string, t: { status: AnyPgColumn; nextAttemptAt: AnyPgColumn }) =>
  index(name)
    .on(t.nextAttemptAt)
    .where(sql`${t.status} = 'failed'`);

/** The held messages the retry job looks for, by when they may go. */
const outboxHeldIndex = (name: string, t: { status: AnyPgColumn; nextAttemptAt: AnyPgColumn }) =>
  index(name)
    .on(t.nextAttemptAt)
    .where(sql`${t.status} = 'held'`);

/** The queued messages the retry job looks for, by when their lease runs out. */
const outboxLeaseIndex = (name: string, t: { status: AnyPgColumn; leaseUntil: AnyPgColumn }) =>
  index(name)
    .on(t.leaseUntil)
    .where(sql`${t.status} = 'queued'`);

/** Every text the site sent or tried to send, whichever provider carried it (sms/). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    /**
     * What the text is for, once (e.g. `tickets-order-42`): a second send with the same key is not
     * stored nor sent, so a payment's notices, their catch-up and two instances send it once.
     */
    dedupeKey: text('dedupe_key'),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    /**
     * The keyword this text answers (`stop`, `start`, `help`), texted by the phone: the only texts a
     * phone that opted out gets (sms_opt_outs). Null for every other text.
     */
    keywordReply: text('keyword_reply', { enum: ['stop', 'start', 'help'] }),
    ...outboxDelivery(),
  },
  (t) => [
    uniqueIndex('sms_outbox_dedupe_idx').on(t.dedupeKey),
    outboxRetryIndex('sms_outbox_retry_idx', t),
    outboxLeaseIndex('sms_outbox_lease_idx', t),
    outboxHeldIndex('sms_outbox_held_idx', t),
  ],
);

/**
 * Issue 34: the phones that texted STOP (or a synonym, messaging/sms/keywords.ts). No text of any
 * kind is stored for them (messaging/repositories/smsOutbox.ts, under a per-phone lock) but the
 * replies to their keywords; a START deletes the row. The history is in text_consents.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  /** The message that opted the phone out, as the phone texted it (trimmed). */
  keyword: text('keyword').notNull(),
  createdAt: createdAt(),
});

/**
 * Every consent to texts given or revoked (issue 34): the phone, what for (`reminders`,
 * `ticket_texts`, `all`), how (a web form, a texted confirmation link, a keyword reply, an admin)
 * and from which page or keyword. Read by the admin call GetTextConsents.
 */
export const textConsents = pgTable(
  'text_consents',
  {
    id: id(),
    phone: text('phone').notNull(),
    scope: text('scope', { enum: ['reminders', 'ticket_texts', 'all', 'parental_consent'] }).notNull(),
    action: text('action', { enum: ['given', 'revoked'] }).notNull(),
    method: text('method', { enum: ['web_form', 'confirmation_link', 'keyword', 'admin'] }).notNull(),
    /** The page (its path, no query) or the keyword as texted. */
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('text_consents_phone_idx').on(t.phone, t.id)],
);

/**
 * Texts phones sent us (issue 34): the SMS provider's inbound webhook, or the development outbox's
 * reply form. Each provider message is taken once (its id is unique): a webhook delivered twice, or
 * replayed, does nothing the second time.
 */
export const smsInbound = pgTable(
  'sms_inbound',
  {
    id: id(),
    providerMessageId: text('provider_message_id'),
    /** The sender as the provider gave it (E.164, `+15125550101`). */
    fromPhone: text('from_phone').notNull(),
    body: text('body').notNull(),
    /** What the text was taken for: `stop`, `start`, `help`, or null (no keyword). */
    keyword: text('keyword', { enum: ['stop', 'start', 'help'] }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sms_inbound_message_idx').on(t.providerMessageId)],
);

/** One attachment of a stored e-mail: kept with the message so a retry sends the same bytes. */
export interface EmailAttachmentColumn {
  filename: string;
  contentType: string;
  /** The bytes, base64. */
  contentBase64: string;
}

/** Every e-mail the site sent or tried to send, whichever provider carried it (email/). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    /**
     * What the message is for, once (e.g. `receipt-order-42`): a second send with the same key is
     * not stored nor sent, so payment recovery, retries and two instances send it once.
     */
    dedupeKey: text('dedupe_key'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments').$type<EmailAttachmentColumn[]>().notNull().default([]),
    ...outboxDelivery(),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_idx').on(t.dedupeKey),
    outboxRetryIndex('email_outbox_retry_idx', t),
    outboxLeaseIndex('email_outbox_lease_idx', t),
    outboxHeldIndex('email_outbox_held_idx', t),
  ],
);

/**
 * The texts handed to the SMS provider each UTC day, by every instance together: the site-wide
 * daily cap (SMS_DAILY_CAP) counts here, one row per day, by a conditional upsert
 * (messaging/repositories/smsDailyCounts.ts). Old days stay as a record of how many texts went out.
 */
export const smsDailyCounts = pgTable('sms_daily_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sent: integer('sent').notNull(),
});

/**
 * Daily e-mail budgets shared by every instance, for the receipts of sales students record: per
 * mailbox (`address`, messaging/email/budget.ts mailboxOf) and per student (`student`, the phone of the
 * pages). One row per kind, subject and UTC day, counted up by a conditional upsert
 * (messaging/repositories/emailBudgets.ts).
 */
export const emailBudgets = pgTable(
  'email_budgets',
  {
    kind: text('kind', { enum: ['address', 'student'] }).notNull(),
    subject: text('subject').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subject, t.day] })],
);

/**
 * What was done once for a paid order (e.g. `tickets_text`): the row is the claim, taken before
 * the work, so a payment recorded twice (recovery, two instances) does it once.
 */
export const orderNotices = pgTable(
  'order_notices',
  {
    orderId: integer('order_id').notNull(),
    kind: text('kind', { enum: ['tickets_text'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind] })],
);

export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: serial('id').primaryKey(),
    fundraiserDeviceId: integer('fundraiser_device_id')
      .notNull()
      .references(() => fundraiserDevices.id),
    kind: text('kind', { enum: ['after_kickoff', 'two_days_left'] }).notNull(),
    /** The phone and fundraiser the text went to: one reminder per phone, however many pages it has. */
    phone: text('phone'),
    fundraiserId: integer('fundraiser_id'),
    sentAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reminder_sends_device_kind_idx').on(t.fundraiserDeviceId, t.kind),
    uniqueIndex('reminder_sends_phone_kind_idx').on(t.fundraiserId, t.phone, t.kind),
  ],
);

/**
 * Single-use codes texted to a student page's phone; confirming one on that page verifies the
 * phone (fundraiser_devices.phone_verified_at). Only the code's SHA-256 is kept.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: id(),
    fundraiserDeviceId: integer('fundraiser_device_id')
      .notNull()
      .references(() => fundraiserDevices.id),
    codeHash: text('code_hash').notNull(),
    /** The phone the code was texted to: it confirms the page only while the page has that phone. */
    phone: text('phone').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('phone_codes_hash_idx').on(t.codeHash), index('phone_codes_device_idx').on(t.fundraiserDeviceId)],
);

/**
 * Issue 34 (COPPA): single-use links texted to a parent's phone (/ParentConsent/{token}) to confirm
 * a younger student's page. Only the token's SHA-256 is kept; a newer link of the page retires the
 * older ones; each works once, until expiresAt.
 */
export const parentalConsentLinks = pgTable(
  'parental_consent_links',
  {
    id: id(),
    fundraiserDeviceId: integer('fundraiser_device_id')
      .notNull()
      .references(() => fundraiserDevices.id),
    tokenHash: text('token_hash').notNull(),
    /** The phone the link was texted to: the parent's, whose phone gets the page's texts once confirmed. */
    parentPhone: text('parent_phone').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('parental_consent_links_hash_idx').on(t.tokenHash),
    index('parental_consent_links_device_idx').on(t.fundraiserDeviceId, t.createdAt),
  ],
);

/**
 * Phones a browser proved it controls (a texted code confirmed in that browser), by the SHA-256 of
 * its browser key: such a browser sees every student page of the phone (My Fundraisers). The proof
 * stays with the browser that got the text, so a page guid passed around grants none of it.
 */
export const browserPhones = pgTable(
  'browser_phones',
  {
    browserKeyHash: text('browser_key_hash').notNull(),
    phone: text('phone').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.browserKeyHash, t.phone] })],
);

/**
 * Per-phone daily budgets, shared by every server instance: texts of every kind to one phone
 * (`sms`), student pages made for one phone (`new_page`), phone-number lookups (`lookup`).
 * One row per phone, purpose and UTC day, counted up by a conditional upsert.
 */
export const phoneBudgets = pgTable(
  'phone_budgets',
  {
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['sms', 'new_page', 'lookup'] }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.purpose, t.day] })],
);

export const logs = pgTable(
  'logs',
  {
    id: serial('id').primaryKey(),
    level: integer('level').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('logs_created_at_idx').on(t.createdAt)],
);

/**
 * Issue 21: the release registry. Every promotion, canary and rollback of a remote, in order; what
 * is live (and which canary runs) is read from this history (releases/services/releaseState.ts), so the
 * history and the state cannot disagree. `version` is the release promoted or put in canary; a
 * rollback names none. `share` is a canary's percentage of browsers.
 */
export const releaseEvents = pgTable(
  'release_events',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    action: text('action', { enum: ['promote', 'canary', 'rollback'] }).notNull(),
    version: text('version'),
    share: integer('share'),
    actor: text('actor').notNull(),
    /** Migration 0019: the promoted server build's SHA-256 (hex), 'none' for a release without one; null before. */
    serverBuildSha256: text('server_build_sha256'),
    createdAt: createdAt(),
  },
  (t) => [index('release_events_remote_idx').on(t.remote, t.id)],
);

/**
 * Issue 34 (migration 0018): single-use codes texted to a student page's phone that delete the page
 * (its holder's request to leave the directory). Only the code's SHA-256 is kept; they go with the page.
 */
export const pageDeletionCodes = pgTable(
  'page_deletion_codes',
  {
    id: id(),
    fundraiserDeviceId: integer('fundraiser_device_id')
      .notNull()
      .references(() => fundraiserDevices.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** The phone the code was texted to: it deletes the page only while the page has that phone. */
    phone: text('phone').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('page_deletion_codes_hash_idx').on(t.codeHash),
    index('page_deletion_codes_device_idx').on(t.fundraiserDeviceId),
  ],
);

/**
 * Issue 34: every erasure (a page deleted by its holder, an admin's erasure by phone or e-mail, a
 * retention pass that erased anything): what kind, why, matched how, by whom, how many pages, orders
 * and messages, and when. Never whose: no phone, e-mail or name is kept here.
 */
export const erasures = pgTable(
  'erasures',
  {
    id: id(),
    kind: text('kind', { enum: ['student', 'supporter', 'retention'] }).notNull(),
    reason: text('reason', { enum: ['page_holder', 'admin', 'retention'] }).notNull(),
    /** `page` (a page's holder), `phone`, `email`, `phone_and_email` or `policy`. */
    matchedBy: text('matched_by').notNull(),
    /** The admin app's user (X-Admin-User), `page holder` or `retention job`. */
    actor: text('actor').notNull(),
    pages: integer('pages').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    messages: integer('messages').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('erasures_created_idx').on(t.createdAt)],
);
