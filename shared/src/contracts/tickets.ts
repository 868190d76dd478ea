import { Type, type Static } from 'typebox';
import { Guid, IntegerId, NullableString } from './common';

// Spec §2 "Ticket and offers", §4 ticket states and session checks, §7 api/Tickets/.
// docs/tickets-api.md walks through every call and the activation flow.

/** Ticket guids are strict UUIDs like every other guid (they go straight into uuid columns). */
export const TicketGuid = Guid;
/** Phone as typed; the server keeps the digits and checks the count (10, or 10/11 to share). */
const PhoneInput = Type.String({ minLength: 1, maxLength: 30 });
/** The single-use code from a texted activation link. */
const ActivationCode = Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const TeamIdQuery = Type.Object({ teamId: IntegerId });
export const ItemsOptionIdQuery = Type.Object({
  itemsOptionId: IntegerId,
  /** Optional: which fundraiser, when the option is sold by several. */
  fundraiserId: Type.Optional(IntegerId),
});
/** A ticket purchase session guid; calls marked "sample-aware" also take a ticket's own guid (preview). */
export const TicketSessionQuery = Type.Object({ ticketPurchaseSessionGuid: TicketGuid });
export const TicketPurchaseQuery = Type.Object({ ticketPurchaseGuid: TicketGuid });
export const ShareTicketPurchaseQuery = Type.Object({
  ticketPurchaseGuid: TicketGuid,
  phoneNumber: PhoneInput,
  /** Which ticket of the purchase; without it, the first ticket not yet activated. */
  ticketPurchaseSessionGuid: Type.Optional(TicketGuid),
});
export const CreateAccessLinkQuery = Type.Object({ phoneNumber: PhoneInput, ticketPurchaseSessionGuid: TicketGuid });
export const TicketOfferQuery = Type.Object({ ticketPurchaseSessionGuid: TicketGuid, ticketOfferId: IntegerId });
export const ActivationLinkQuery = Type.Object({ ticketPurchaseSessionGuid: TicketGuid, code: ActivationCode });
export const ManifestQuery = Type.Object({
  start_url: Type.String({ minLength: 1, maxLength: 500 }),
  rand: Type.Optional(Type.String({ maxLength: 100 })),
});

/** POST /api/Tickets/AddPhone: register a phone (exactly 10 digits after cleaning) on a ticket. */
export const AddPhoneRequest = Type.Object({ phoneNumber: PhoneInput, ticketPurchaseSessionGuid: TicketGuid });
export type AddPhoneRequest = Static<typeof AddPhoneRequest>;
/** POST /api/Tickets/RedeemLink: bind this device with the code from the texted link. */
export const RedeemLinkRequest = Type.Object({ ticketPurchaseSessionGuid: TicketGuid, code: ActivationCode });
export type RedeemLinkRequest = Static<typeof RedeemLinkRequest>;
/**
 * POST /api/Tickets/UseTicketHere (ManageDiscounts "Use on This Phone"): one ticket of the purchase,
 * to be registered on the browser that asks. The buyer's own browser gets the RegisterDevice step
 * without typing a phone; any other browser is sent to the phone form.
 */
export const UseTicketHereRequest = Type.Object({
  ticketPurchaseGuid: TicketGuid,
  ticketPurchaseSessionGuid: TicketGuid,
});
export type UseTicketHereRequest = Static<typeof UseTicketHereRequest>;

/** A team's look (spec §3 Team): colours without '#', logo and background in cloud storage. */
export const TicketTeam = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  primaryColorHex: NullableString,
  secondaryColorHex: NullableString,
  photoUrl: NullableString,
  useBackgroundPhoto: Type.Boolean(),
  backgroundPhotoUrl: NullableString,
});
export type TicketTeam = Static<typeof TicketTeam>;

/** A team resource link; only http(s) urls are ever returned, in the page's order (link 2, 3, 1). */
export const TeamLink = Type.Object({ number: Type.Integer(), name: Type.String(), url: Type.String() });
export type TeamLink = Static<typeof TeamLink>;

/** GetTeam: the team and up to three links (MyTeam and the Team form). */
export const TeamResponse = Type.Object({
  ...TicketTeam.properties,
  links: Type.Array(TeamLink, { maxItems: 3 }),
});
export type TeamResponse = Static<typeof TeamResponse>;

/** GetTicketFundraiser: the fundraiser and ticket behind a ticket-type item option (Preview button). */
export const TicketFundraiserResponse = Type.Object({
  itemsOptionId: Type.Integer(),
  fundraiserId: Type.Integer(),
  fundraiserName: Type.String(),
  ticketId: Type.Integer(),
  ticketGuid: Type.String(),
  ticketName: Type.String(),
});
export type TicketFundraiserResponse = Static<typeof TicketFundraiserResponse>;

/** The ticket itself (MyTicket): up to five photos under school + team name. */
export const TicketView = Type.Object({
  id: Type.Integer(),
  guid: Type.String(),
  name: Type.String(),
  photoUrls: Type.Array(Type.String(), { maxItems: 5 }),
  fundraiserId: Type.Integer(),
  fundraiserName: Type.String(),
  schoolName: Type.String(),
  teamName: Type.String(),
  team: TicketTeam,
});
export type TicketView = Static<typeof TicketView>;

/** One offer on a ticket (spec §3 Ticket offer), with how often this ticket has used it. */
export const TicketOffer = Type.Object({
  id: Type.Integer(),
  ticketQty: Type.Integer(),
  redeemedCount: Type.Integer(),
  /** redeemedCount has reached ticketQty: the page shows "Redeemed". */
  isRedeemed: Type.Boolean(),
  /** When this ticket last redeemed the offer (ISO 8601); null when it never did, and for the sample. */
  lastRedeemedAt: NullableString,
  vendorOffer: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    description: Type.String(),
    photoUrl: NullableString,
    photoUrl2: NullableString,
    offerTypeId: Type.Integer(),
    vendor: Type.Object({ id: Type.Integer(), name: Type.String(), photoUrl: NullableString }),
  }),
  /**
   * Null for the sample ticket (preview only, spec §4). For a purchased ticket: the purchase's guid
   * to the browser that bought it; anyone else holding the ticket gets the ticket's own guid here
   * (a purchase guid opens the buyer's page, with every ticket of the purchase and their phones).
   */
  purchaseGuid: NullableString,
});
export type TicketOffer = Static<typeof TicketOffer>;
export const TicketOffers = Type.Array(TicketOffer);

/** GetFundraisersTicket: the fundraiser's sample ticket and its offers (/TicketPreview). */
export const FundraisersTicketResponse = Type.Object({ ticket: TicketView, offers: TicketOffers });
export type FundraisersTicketResponse = Static<typeof FundraisersTicketResponse>;

/** GetSession: everything the ticket pages draw (spec §3 Ticket purchase session). */
export const TicketSession = Type.Object({
  guid: Type.String(),
  /** The guid is a ticket's own (sample / preview), not a purchased ticket. */
  isTicket: Type.Boolean(),
  /** The guid is a purchased ticket (a session). */
  isSession: Type.Boolean(),
  keyActivatedAt: NullableString,
  /** The registered phone; masked to its last four digits unless this device holds the ticket. */
  phone: NullableString,
  /** This browser's device cookie is the one the ticket is bound to. */
  deviceBound: Type.Boolean(),
  /** The purchase was revoked (e.g. a withdrawn complimentary ticket). */
  inactive: Type.Boolean(),
  /**
   * The purchase's guid (its /ManageDiscounts page), only to the browser that bought it (the browser
   * key of its order); null for everyone else holding the ticket, and for the sample.
   */
  ticketPurchaseGuid: NullableString,
  /**
   * A multi-use offer redeemed again within this many minutes of its last use asks for a second
   * confirmation (REDEEM_REPEAT_WARNING_MINUTES; 0: never). The rule is `recentRedemption` in
   * `@fu/shared/rules`.
   */
  repeatWarningMinutes: Type.Integer({ minimum: 0 }),
  ticket: TicketView,
  teamLinks: Type.Array(TeamLink, { maxItems: 3 }),
});
export type TicketSession = Static<typeof TicketSession>;

/** CheckSessionStatus (offer and ticket pages): may this browser show the ticket? */
export const SessionStatus = Type.Object({
  success: Type.Boolean(),
  sample: Type.Boolean(),
  redirect: NullableString,
  inactive: Type.Boolean(),
});
export type SessionStatus = Static<typeof SessionStatus>;

/**
 * GET /api/Tickets/CheckSession (activate and register pages). Spec §4: if success and
 * (redirect and active, or sample) go to redirect; if deactivated go to redirect; else show the form.
 */
export const SessionCheck = Type.Object({
  success: Type.Boolean(),
  redirect: NullableString,
  active: Type.Boolean(),
  sample: Type.Boolean(),
  deactivated: Type.Boolean(),
});
export type SessionCheck = Static<typeof SessionCheck>;

/** CheckSecurityStatus: allowAll means the page needs no registered device (the sample ticket). */
export const SecurityStatus = Type.Object({ allowAll: Type.Boolean() });
export type SecurityStatus = Static<typeof SecurityStatus>;

/** One ticket of a purchase on /ManageDiscounts: "Ticket n of m". */
export const PurchasedTicket = Type.Object({
  number: Type.Integer(),
  of: Type.Integer(),
  guid: Type.String(),
  /** `{publicUrl}/activateticket/{guid}` — what Copy Link copies and Send Link texts. */
  link: Type.String(),
  /** The phone that registered it ("Ticket Redeemed by"), once there is one. */
  phone: NullableString,
  activated: Type.Boolean(),
  keyActivatedAt: NullableString,
});
export type PurchasedTicket = Static<typeof PurchasedTicket>;

/** GetTicketPurchases: 'Your Ticket Purchases'. orderId 0 is complimentary. */
export const TicketPurchasesResponse = Type.Object({
  guid: Type.String(),
  orderId: Type.Integer(),
  isComplimentary: Type.Boolean(),
  ticketName: Type.String(),
  fundraiserName: Type.String(),
  tickets: Type.Array(PurchasedTicket),
});
export type TicketPurchasesResponse = Static<typeof TicketPurchasesResponse>;

/** A plain answer the page shows as is (ShareTicketPurchase). */
export const TicketMessage = Type.Object({ message: Type.String() });
export type TicketMessage = Static<typeof TicketMessage>;

/**
 * AddPhone, CreateAccessLink, RedeemActivationLink and RedeemLink: on success the page navigates
 * to redirect. Failures come with a 4xx status and `success: false` plus a message.
 */
export const TicketStepResult = Type.Object({
  success: Type.Boolean(),
  redirect: NullableString,
  message: Type.String(),
});
export type TicketStepResult = Static<typeof TicketStepResult>;

/**
 * RedeemTicketPurchaseOffer's optional `Idempotency-Key` request header: one key per tap (a UUID
 * fits), sent again unchanged when a queued (offline) redemption is retried, so it counts once.
 * Fastify matches header names in lower case.
 */
export const RedeemOfferHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 16,
      maxLength: 100,
      pattern: '^[A-Za-z0-9_-]+$',
      description:
        'Optional. 16–100 letters, digits, "-" or "_" (a UUID fits), chosen by the client once per redemption. ' +
        'A retry with the same key is answered as the first time (200, header Idempotent-Replayed: true) and counted once; ' +
        'a key already used for another ticket or offer is a 422.',
    }),
  ),
});
export type RedeemOfferHeaders = Static<typeof RedeemOfferHeaders>;

/** RedeemTicketPurchaseOffer: the offer after this redemption. */
export const RedeemOfferResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  offer: TicketOffer,
  /** When the server recorded this redemption (ISO 8601); a replayed key answers its first time. */
  redeemedAt: Type.String(),
});
export type RedeemOfferResponse = Static<typeof RedeemOfferResponse>;

/** GetManifest: a web app manifest so a ticket can be added to the home screen. */
export const WebManifest = Type.Object({
  name: Type.String(),
  short_name: Type.String(),
  start_url: Type.String(),
  scope: Type.String(),
  display: Type.Literal('standalone'),
  background_color: Type.String(),
  theme_color: Type.String(),
  icons: Type.Array(Type.Object({ src: Type.String(), sizes: Type.String(), type: Type.String() })),
});
export type WebManifest = Static<typeof WebManifest>;
