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

/** Spec §3 "Fundraiser device": the student, their fundraiser, and their orders with count and total. */
export const FundraiserDevice = Type.Object({
  guid: Type.String(),
  /** The student's link for social media (/Order/Social/{socialGuid}); what Share sends when it has one. */
  socialGuid: NullableString,
  phone: Type.String(),
  isOptedIn: Type.Union([Type.Boolean(), Type.Null()]),
  /** The phone's owner confirmed this page (a texted link): only then do its reminders go out. */
  phoneConfirmed: Type.Boolean(),
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
