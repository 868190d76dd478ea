import { Type, type Static } from 'typebox';
import { Cents, Guid, IntegerId, NullableString } from './common';

export const FundraiserDeviceGuidQuery = Type.Object({ fundraiserDeviceGuid: Guid });
export const DeviceGuidQuery = Type.Object({ guid: Guid });
export const DeviceGuidBody = Type.Object({ fundraiserDeviceGuid: Guid });

/** One paid order on a student's page (spec §3 Fundraiser device: orders). */
export const DeviceOrder = Type.Object({
  orderId: Type.Integer(),
  createdAt: Type.String(),
  paymentTypeId: Type.Union([Type.Integer(), Type.Null()]),
  donor: Type.Object({ firstName: Type.String(), lastName: Type.String(), phone: NullableString }),
  /**
   * Issue 31: ordered on the team's page with this student's name typed; the supporter (`donor`) is
   * then left empty, given to no one's page.
   */
  fromTeamPage: Type.Optional(Type.Boolean()),
  ordersItems: Type.Array(Type.Object({ name: Type.String(), amount: Type.Integer(), price: Cents })),
  donation: Cents,
  orderTotal: Cents,
});
export type DeviceOrder = Static<typeof DeviceOrder>;
/** Orders/ListOrders: a student page's paid orders. */
export const DeviceOrders = Type.Array(DeviceOrder);

/**
 * Issue 34 (COPPA): whether a page is private. A page is private until it is answered that its
 * student is 13 or older, or, for a younger student, until a parent confirms it from their own phone
 * (a texted link). A private page has no share or QR link that works, is named nowhere public and
 * texts no one; once a parent confirmed, its texts go to the parent's phone (docs/security.md).
 */
export const PagePrivacy = Type.Object({
  /** The answer to "Is the student 13 or older?"; null until someone answers it. */
  studentIs13OrOlder: Type.Union([Type.Boolean(), Type.Null()]),
  /** A parent confirmed the page from the phone a link was texted to. */
  parentConfirmed: Type.Boolean(),
  isPrivate: Type.Boolean(),
  /** The phone the page's texts go to: the page's own (13 or older), the parent's, or none (private). */
  textsPhone: NullableString,
});
export type PagePrivacy = Static<typeof PagePrivacy>;

/** Spec §3 "Fundraiser device": the student, their fundraiser, and their orders with count and total. */
export const FundraiserDevice = Type.Object({
  guid: Type.String(),
  /** The student's link for social media (/Order/Social/{socialGuid}); what Share sends when it has one. */
  socialGuid: NullableString,
  phone: Type.String(),
  isOptedIn: Type.Union([Type.Boolean(), Type.Null()]),
  /** The phone's owner confirmed this page (a texted link): only then do its reminders go out. */
  phoneConfirmed: Type.Boolean(),
  /** Issue 34 (COPPA): private until answered 13 or older, or a parent confirmed it. */
  privacy: PagePrivacy,
  /**
   * Issue 34 (TCPA): the phone the page's texts go to replied STOP, so it gets none (reminders
   * included) until it replies START. Absent from servers before @fu/shared 2.4.0.
   */
  textsStopped: Type.Optional(Type.Boolean()),
  studentFirstName: Type.String(),
  studentLastName: Type.String(),
  fundraiser: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    startDate: Type.String(),
    endDate: Type.String(),
    isActive: Type.Boolean(),
    goal: Cents,
    teamName: Type.String(),
    schoolName: Type.String(),
    /**
     * Issue 34: privacy mode: the page's heading names the student by first name only and the team
     * has no leaderboard. Absent means off.
     */
    privacyMode: Type.Optional(Type.Boolean()),
    fundraiserItems: Type.Array(
      Type.Object({
        item: Type.Object({
          itemId: Type.Integer(),
          messageTextName: Type.String(),
          itemsOptions: Type.Array(
            Type.Object({
              itemOptionId: Type.Integer(),
              itemOptionTypeId: Type.Integer(),
              name: Type.String(),
              price: Cents,
            }),
          ),
        }),
      }),
    ),
    ticket: Type.Union([Type.Object({ guid: Type.String() }), Type.Null()]),
  }),
  orders: Type.Array(DeviceOrder),
  ordersQty: Type.Integer(),
  ordersTotal: Cents,
});
export type FundraiserDevice = Static<typeof FundraiserDevice>;

/** GetFundraisersForDevice: every fundraiser page of the same student phone (My Fundraisers). */
export const MyFundraiser = Type.Object({
  guid: Type.String(),
  fundraiserName: Type.String(),
  teamName: Type.String(),
  schoolName: Type.String(),
  isActive: Type.Boolean(),
  isOptedIn: Type.Union([Type.Boolean(), Type.Null()]),
});
export type MyFundraiser = Static<typeof MyFundraiser>;
export const MyFundraisers = Type.Array(MyFundraiser);

/** GetQRCode: what the student's QR code encodes (their order page). */
export const QrCodeResponse = Type.Object({ url: Type.String() });
export type QrCodeResponse = Static<typeof QrCodeResponse>;

export const NewFundraiserDeviceRequest = Type.Object({
  fundraiserId: IntegerId,
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  studentFirstName: Type.String({ minLength: 1, maxLength: 100 }),
  studentLastName: Type.String({ minLength: 1, maxLength: 100 }),
  /**
   * Issue 34 (COPPA): the answer to "Is the student 13 or older?". Left out (the spec's call), the
   * page is private, as for a younger student, until its holder answers on the page.
   */
  studentIs13OrOlder: Type.Optional(Type.Boolean()),
});
export type NewFundraiserDeviceRequest = Static<typeof NewFundraiserDeviceRequest>;
/** NewFundraiserDevice: the new page's guid. */
export const NewFundraiserDeviceResponse = Type.String();

/** api/Students/GetDeviceInfo: the device's student and reminder choice. */
export const DeviceInfo = Type.Object({
  guid: Type.String(),
  phone: Type.String(),
  isOptedIn: Type.Union([Type.Boolean(), Type.Null()]),
  /** Reminders for this page may go out: the phone's owner confirmed it. */
  phoneConfirmed: Type.Boolean(),
  /** This browser confirmed a code texted to the phone, so it sees every page of the phone. */
  phoneConfirmedHere: Type.Boolean(),
  studentFirstName: Type.String(),
  studentLastName: Type.String(),
});
export type DeviceInfo = Static<typeof DeviceInfo>;

/**
 * api/Students/UpdateOptInStatus: reminders on or off. The page's guid is required (the spec's
 * body is only {phone, status}, which let anyone change anyone's choice: docs/security.md). It
 * changes that page, or every page of the phone from a browser that confirmed the phone.
 */
export const UpdateOptInRequest = Type.Object({
  phone: Type.String({ minLength: 1, maxLength: 20 }),
  status: Type.Boolean(),
  fundraiserDeviceGuid: Guid,
});
export type UpdateOptInRequest = Static<typeof UpdateOptInRequest>;
export const UpdateOptInResponse = Type.Object({
  phone: Type.String(),
  isOptedIn: Type.Boolean(),
  updated: Type.Integer(),
  phoneConfirmed: Type.Boolean(),
  /** What happened about the phone's confirmation (a link texted, or why not), to show as is. */
  message: Type.Optional(Type.String()),
});
export type UpdateOptInResponse = Static<typeof UpdateOptInResponse>;

/**
 * api/Students/GetProgress?guid: one student's progress (issue 9). Raised = the sum of the paid
 * orders credited to their page (orders.fundraiser_device_id: their page, contact and social
 * links); the goal is the fundraiser's goal per student; rank is their place among the team's
 * students by amount raised (ties share a rank), out of studentCount.
 */
export const StudentProgress = Type.Object({
  goalCents: Cents,
  raisedCents: Cents,
  /** The part of raisedCents the student recorded as cash or check. */
  cashCheckCents: Cents,
  rank: Type.Integer({ minimum: 1 }),
  studentCount: Type.Integer({ minimum: 1 }),
});
export type StudentProgress = Static<typeof StudentProgress>;

/** api/Students/SendPhoneConfirmation: texts the page's phone a link that confirms it. */
export const SendPhoneConfirmationRequest = Type.Object({ fundraiserDeviceGuid: Guid });
export type SendPhoneConfirmationRequest = Static<typeof SendPhoneConfirmationRequest>;

/** api/Students/ConfirmPhone: the code from the texted link, confirmed on the page it names. */
export const ConfirmPhoneRequest = Type.Object({
  fundraiserDeviceGuid: Guid,
  code: Type.String({ minLength: 1, maxLength: 64 }),
});
export type ConfirmPhoneRequest = Static<typeof ConfirmPhoneRequest>;

/** A sentence about a phone to show as is (a text sent, a phone confirmed). */
export const PhoneMessage = Type.Object({ message: Type.String() });
export type PhoneMessage = Static<typeof PhoneMessage>;

/** api/Students/AnswerStudentAge: the page's answer to "Is the student 13 or older?", given once. */
export const AnswerStudentAgeRequest = Type.Object({ fundraiserDeviceGuid: Guid, studentIs13OrOlder: Type.Boolean() });
export type AnswerStudentAgeRequest = Static<typeof AnswerStudentAgeRequest>;

/** api/Students/RequestParentConsent: texts a parent's phone the link that confirms a younger student's page. */
export const RequestParentConsentRequest = Type.Object({
  fundraiserDeviceGuid: Guid,
  parentPhone: Type.String({ maxLength: 20 }),
});
export type RequestParentConsentRequest = Static<typeof RequestParentConsentRequest>;

/**
 * The code of a texted parent's link (/ParentConsent/{token}). Sent in a POST body, never a query
 * string, so that it stays out of request logs.
 */
export const ParentConsentTokenRequest = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type ParentConsentTokenRequest = Static<typeof ParentConsentTokenRequest>;

/** api/Students/GetParentConsent: what the parent is asked to agree to, before they confirm. */
export const ParentConsentView = Type.Object({
  studentFirstName: Type.String(),
  studentLastName: Type.String(),
  fundraiserName: Type.String(),
  teamName: Type.String(),
  schoolName: Type.String(),
  /** The phone the link was texted to: the page's texts will come to it. */
  parentPhone: Type.String(),
  /**
   * Issue 34 (our attacker's pass): the phone the page was made with, masked (***-***-0123), so a
   * parent sees which number the page holds, and can tell a page their child made with another's.
   */
  pagePhone: Type.Optional(Type.String()),
  /** The paid orders placed through the page so far: what the parent agrees to keep (docs/privacy.md). */
  ordersSoFar: Type.Optional(Type.Integer({ minimum: 0 })),
  expiresAt: Type.String({ description: 'ISO 8601' }),
});
export type ParentConsentView = Static<typeof ParentConsentView>;
