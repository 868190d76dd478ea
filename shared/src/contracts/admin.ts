// Spec §7 "Admin (api/Admin/)" and "api/AWSS3Controller": the calls of the external admin app.
// Every one of them needs `Authorization: Bearer <ADMIN_API_TOKEN>` (see docs/admin-api.md).
// A save takes the shape its GET returns: read-only fields (guid, vendorName, offer names…) may be
// sent back and are ignored; only the fields declared here are written.
import { Type, type Static } from 'typebox';

/** An id that must name an existing row. */
const RefId = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** An entity id in a save: 0 (or absent) inserts, anything else updates that row. */
const SaveId = Type.Integer({ minimum: 0, maximum: 2147483647 });

/**
 * A picture or link address: an absolute http(s) URL, or a path on this site ("/images/x.svg",
 * "/uploads/…", as the demo data and older rows hold). No other schemes (javascript:, data:…),
 * no protocol-relative "//host". An empty string clears the field.
 */
export const AdminUrl = Type.String({
  maxLength: 2048,
  pattern: '^(?:https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?|/(?![/\\\\])[^\\s]*)?$',
});
const OptionalUrl = Type.Optional(Type.Union([AdminUrl, Type.Null()]));

/** A team colour: six hex digits, with or without '#'; stored without it (as the pages expect). */
export const HexColor = Type.String({ pattern: '^(?:#?[0-9A-Fa-f]{6})?$' });
const OptionalHex = Type.Optional(Type.Union([HexColor, Type.Null()]));

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const OptionalText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

// ---- queries ------------------------------------------------------------------------------

export const AdminFundraiserQuery = Type.Object({ fundraiserId: RefId });
export const AdminTicketQuery = Type.Object({ ticketId: RefId });
export const AdminVendorQuery = Type.Object({ vendorId: RefId });
export const AdminVendorOfferQuery = Type.Object({
  /** 0 gives a blank offer for the vendor, for the admin app's "new offer" form. */
  vendorOfferId: SaveId,
  vendorId: RefId,
});
export const AvailableVendorOffersQuery = Type.Object({
  fundraiserId: RefId,
  /** The ticket being edited (its offers are left out of the list); 0 for a ticket not saved yet. */
  currentTicket: Type.Optional(SaveId),
  /** true: only vendors in the state of the fundraiser's school. */
  filterState: Type.Optional(Type.Boolean()),
});
export const ComplimentaryTicketQuery = Type.Object({
  ticketId: RefId,
  qty: Type.Integer({ minimum: 1, maximum: 100 }),
});
export const TicketPurchaseIdQuery = Type.Object({ ticketPurchaseId: RefId });

// ---- vendors and offers -------------------------------------------------------------------

export const Vendor = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  state: Type.Union([Type.String(), Type.Null()]),
});
export type Vendor = Static<typeof Vendor>;
export const Vendors = Type.Array(Vendor);

export const SaveVendorRequest = Type.Object({
  id: Type.Optional(SaveId),
  name: Name,
  photoUrl: OptionalUrl,
  /** The state's name as schools hold it ("Texas"); GetAvailableVendorOffers filters on it. */
  state: OptionalText(50),
});
export type SaveVendorRequest = Static<typeof SaveVendorRequest>;

export const VendorOffer = Type.Object({
  id: Type.Integer(),
  vendorId: Type.Integer(),
  vendorName: Type.String(),
  vendorState: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  description: Type.String(),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  photoUrl2: Type.Union([Type.String(), Type.Null()]),
  offerTypeId: Type.Integer(),
});
export type VendorOffer = Static<typeof VendorOffer>;
export const VendorOffers = Type.Array(VendorOffer);

export const SaveVendorOfferRequest = Type.Object({
  id: Type.Optional(SaveId),
  vendorId: RefId,
  name: Name,
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  photoUrl: OptionalUrl,
  photoUrl2: OptionalUrl,
  offerTypeId: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type SaveVendorOfferRequest = Static<typeof SaveVendorOfferRequest>;

// ---- tickets ------------------------------------------------------------------------------

export const AdminTicketOffer = Type.Object({
  id: Type.Integer(),
  vendorOfferId: Type.Integer(),
  /** Redemptions allowed per ticket holder (spec §9). */
  ticketQty: Type.Integer(),
  name: Type.String(),
  vendorId: Type.Integer(),
  vendorName: Type.String(),
});
export type AdminTicketOffer = Static<typeof AdminTicketOffer>;

export const AdminTicket = Type.Object({
  id: Type.Integer(),
  guid: Type.String(),
  fundraiserId: Type.Integer(),
  name: Type.String(),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  photoUrl2: Type.Union([Type.String(), Type.Null()]),
  photoUrl3: Type.Union([Type.String(), Type.Null()]),
  photoUrl4: Type.Union([Type.String(), Type.Null()]),
  photoUrl5: Type.Union([Type.String(), Type.Null()]),
  offers: Type.Array(AdminTicketOffer),
});
export type AdminTicket = Static<typeof AdminTicket>;

export const AdminTicketSummary = Type.Object({
  id: Type.Integer(),
  guid: Type.String(),
  fundraiserId: Type.Integer(),
  fundraiserName: Type.String(),
  schoolName: Type.String(),
  name: Type.String(),
  offerCount: Type.Integer(),
});
export type AdminTicketSummary = Static<typeof AdminTicketSummary>;
export const AdminTicketSummaries = Type.Array(AdminTicketSummary);

export const SaveTicketRequest = Type.Object({
  id: Type.Optional(SaveId),
  fundraiserId: RefId,
  name: Name,
  photoUrl: OptionalUrl,
  photoUrl2: OptionalUrl,
  photoUrl3: OptionalUrl,
  photoUrl4: OptionalUrl,
  photoUrl5: OptionalUrl,
  /**
   * The ticket's whole offer list: matched to the saved list by vendorOfferId (ids are
   * accepted and ignored). Offers left out are removed, unless they have been redeemed.
   */
  offers: Type.Array(
    Type.Object({
      id: Type.Optional(SaveId),
      vendorOfferId: RefId,
      ticketQty: Type.Integer({ minimum: 1, maximum: 1000 }),
    }),
    { maxItems: 200 },
  ),
});
export type SaveTicketRequest = Static<typeof SaveTicketRequest>;

export const DeleteTicketRequest = Type.Object({ ticketId: RefId }, { additionalProperties: false });
export const DeleteTicketResponse = Type.Object({ ticketId: Type.Integer(), deleted: Type.Boolean() });

// ---- teams --------------------------------------------------------------------------------

export const AdminTeam = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  primaryColorHex: Type.Union([Type.String(), Type.Null()]),
  secondaryColorHex: Type.Union([Type.String(), Type.Null()]),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  useBackgroundPhoto: Type.Boolean(),
  backgroundPhotoUrl: Type.Union([Type.String(), Type.Null()]),
  link1Url: Type.Union([Type.String(), Type.Null()]),
  link1Name: Type.Union([Type.String(), Type.Null()]),
  link2Url: Type.Union([Type.String(), Type.Null()]),
  link2Name: Type.Union([Type.String(), Type.Null()]),
  link3Url: Type.Union([Type.String(), Type.Null()]),
  link3Name: Type.Union([Type.String(), Type.Null()]),
});
export type AdminTeam = Static<typeof AdminTeam>;

/** The teams table's fields; the team message video is the fundraiser's, not the team's. */
export const SaveTeamRequest = Type.Object({
  id: RefId,
  name: Name,
  primaryColorHex: OptionalHex,
  secondaryColorHex: OptionalHex,
  photoUrl: OptionalUrl,
  useBackgroundPhoto: Type.Optional(Type.Boolean()),
  backgroundPhotoUrl: OptionalUrl,
  link1Url: OptionalUrl,
  link1Name: OptionalText(100),
  link2Url: OptionalUrl,
  link2Name: OptionalText(100),
  link3Url: OptionalUrl,
  link3Name: OptionalText(100),
});
export type SaveTeamRequest = Static<typeof SaveTeamRequest>;

// ---- fundraisers --------------------------------------------------------------------------

/** A goal in cents: a positive whole number, at most $1,000,000. */
export const GoalCents = Type.Integer({ minimum: 1, maximum: 100_000_000 });

/** The fundraiser as the admin app edits it: its goal per student (issue 9) and privacy mode (issue 34). */
export const AdminFundraiser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  teamName: Type.String(),
  schoolName: Type.String(),
  isActive: Type.Boolean(),
  /** The goal for each student; the team's goal is this times its number of students (at least 1). */
  goalPerStudentCents: Type.Integer(),
  /**
   * Issue 34: privacy mode. No leaderboard, students named by first name only everywhere but this
   * admin API, and link previews that name no student.
   */
  privacyMode: Type.Boolean(),
});
export type AdminFundraiser = Static<typeof AdminFundraiser>;

/**
 * Saves an existing fundraiser's settings. `goalPerStudentCents` is optional: absent keeps the
 * current goal, null puts back the default (DEFAULT_GOAL_PER_STUDENT_CENTS, $500). `privacyMode`
 * (issue 34) is optional too: absent keeps it.
 */
export const SaveFundraiserRequest = Type.Object({
  id: RefId,
  goalPerStudentCents: Type.Optional(Type.Union([GoalCents, Type.Null()])),
  /** Issue 34: true turns privacy mode on, false off; absent leaves it as it is. */
  privacyMode: Type.Optional(Type.Boolean()),
});
export type SaveFundraiserRequest = Static<typeof SaveFundraiserRequest>;

// ---- schools -------------------------------------------------------------------------------

export const AdminSchoolQuery = Type.Object({ schoolId: RefId });

/**
 * The organisation that issues a school's receipts (issue 34): a school, a booster club or a team
 * may each be a nonprofit of its own, and only a 501(c)(3) may tell donors their gifts are
 * deductible. `taxId` is the EIN (nine digits, kept as 12-3456789).
 */
export const SchoolOrganization = Type.Object({
  legalName: Type.String({ maxLength: 200 }),
  address: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
  taxId: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  is501c3: Type.Boolean(),
});
export type SchoolOrganization = Static<typeof SchoolOrganization>;

/**
 * A school as the admin app edits it. `organization` is the school's own, null when its receipts
 * are issued by the site's organisation (ORG_*); `receiptIssuer` (read-only) is who its receipts
 * name now, and from where.
 */
export const AdminSchool = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  state: Type.String(),
  /** The IANA time zone its reminders keep to (9 am to 8 pm there): the state's unless set. */
  timeZone: Type.String(),
  organization: Type.Union([
    Type.Object({
      legalName: Type.String(),
      address: Type.Union([Type.String(), Type.Null()]),
      taxId: Type.Union([Type.String(), Type.Null()]),
      is501c3: Type.Boolean(),
    }),
    Type.Null(),
  ]),
  receiptIssuer: Type.Object({
    legalName: Type.String(),
    address: Type.String(),
    taxId: Type.String(),
    is501c3: Type.Boolean(),
    from: Type.Union([Type.Literal('school'), Type.Literal('site')]),
  }),
});
export type AdminSchool = Static<typeof AdminSchool>;

/**
 * Saves an existing school's settings; each is optional, and absent leaves it as it is.
 * `organization`: the school's own organisation (legal name and whether it is a 501(c)(3) required),
 * or null to have the site's issue its receipts again. `timeZone`: an IANA name ("America/Chicago").
 * The other fields of the answer are read-only.
 */
export const SaveSchoolRequest = Type.Object({
  id: RefId,
  timeZone: Type.Optional(Type.String({ maxLength: 64 })),
  organization: Type.Optional(Type.Union([SchoolOrganization, Type.Null()])),
});
export type SaveSchoolRequest = Static<typeof SaveSchoolRequest>;

// ---- complimentary tickets ----------------------------------------------------------------

export const ComplimentaryTicket = Type.Object({
  id: Type.Integer(),
  guid: Type.String(),
  ticketId: Type.Integer(),
  /** Always 0: a complimentary purchase has no order (spec: 'Complimentary' when 0). */
  orderId: Type.Integer(),
  createdAt: Type.String(),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
  /** One per ticket in the purchase ("Ticket n of m"). */
  sessions: Type.Array(
    Type.Object({
      id: Type.Integer(),
      guid: Type.String(),
      phone: Type.Union([Type.String(), Type.Null()]),
      activatedAt: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type ComplimentaryTicket = Static<typeof ComplimentaryTicket>;
export const ComplimentaryTickets = Type.Array(ComplimentaryTicket);

export const RevokeAllResponse = Type.Object({ ticketId: Type.Integer(), revoked: Type.Integer() });
export type RevokeAllResponse = Static<typeof RevokeAllResponse>;

/** Spec §3 "Base url result: url": the external admin app's base URL. */
export const AdminBaseUrl = Type.Object({ url: Type.String() });
export type AdminBaseUrl = Static<typeof AdminBaseUrl>;

// ---- file storage (api/AWSS3Controller) ---------------------------------------------------

/** S3's bucket naming rules; also safe as one local directory name. */
export const CreateBucketRequest = Type.Object({
  bucketName: Type.String({
    minLength: 3,
    maxLength: 63,
    pattern: '^(?!.*\\.\\.)[a-z0-9][a-z0-9.-]*[a-z0-9]$',
  }),
});
export type CreateBucketRequest = Static<typeof CreateBucketRequest>;
export const CreateBucketResponse = Type.Object({ bucketName: Type.String(), created: Type.Boolean() });
export type CreateBucketResponse = Static<typeof CreateBucketResponse>;

export const UploadFileResponse = Type.Object({ url: Type.String() });
export type UploadFileResponse = Static<typeof UploadFileResponse>;

/** What UploadFileAsync accepts (multipart/form-data, one part named "file"). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
