import { Type, type Static } from 'typebox';
import { Cents, IntegerId, NullableString } from './common';
import { PhoneMessage } from './students';

export const ItemIdQuery = Type.Object({ itemId: Type.Optional(IntegerId) });

export const ListActiveStatesResponse = Type.Array(Type.String());
export type ListActiveStatesResponse = Static<typeof ListActiveStatesResponse>;

export const ListActiveSchoolsQuery = Type.Object({
  location: Type.String({ minLength: 1, maxLength: 100 }),
  itemId: Type.Optional(IntegerId),
});
export const SchoolSummary = Type.Object({ id: Type.Integer(), name: Type.String() });
export type SchoolSummary = Static<typeof SchoolSummary>;
export const ListActiveSchoolsResponse = Type.Array(SchoolSummary);

export const GetSchoolQuery = Type.Object({ schoolId: IntegerId });
export const School = Type.Object({ name: Type.String(), state: Type.String() });
export type School = Static<typeof School>;

export const ListActiveFundraisersQuery = Type.Object({
  schoolId: Type.Optional(IntegerId),
  itemId: Type.Optional(IntegerId),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
});
export const FundraiserSummary = Type.Object({ id: Type.Integer(), teamName: Type.String() });
export type FundraiserSummary = Static<typeof FundraiserSummary>;
export const ListActiveFundraisersResponse = Type.Array(FundraiserSummary);
/** ListActiveFundraisers: the school's groups for a schoolId; for only a phone, the lookup's one sentence. */
export const ListActiveFundraisersAnswer = Type.Union([ListActiveFundraisersResponse, PhoneMessage]);
export type ListActiveFundraisersAnswer = Static<typeof ListActiveFundraisersAnswer>;

export const GetFundraiserDetailsQuery = Type.Object({ fundraiserId: IntegerId });

/** Spec §3 "Item option"; price in cents, qty the selected quantity. */
export const ItemOption = Type.Object({
  itemOptionId: Type.Integer(),
  itemOptionTypeId: Type.Integer(),
  name: Type.String(),
  price: Cents,
  qty: Type.Integer({ minimum: 0 }),
  imgUrl: Type.Union([Type.String(), Type.Null()]),
});
export type ItemOption = Static<typeof ItemOption>;

/** Spec §3 "Order item". */
export const OrderItem = Type.Object({
  itemId: Type.Integer(),
  itemImage: Type.Union([Type.String(), Type.Null()]),
  messageTextName: Type.String(),
  shippingCost: Cents,
  fundraiserOrderItemOptions: Type.Array(ItemOption),
});
export type OrderItem = Static<typeof OrderItem>;
/** Orders/GetItems: a fundraiser's items. */
export const OrderItems = Type.Array(OrderItem);

/** Spec §3 "Fundraiser order": the order page's whole state, blank (orderId 0) for a new order. */
export const FundraiserOrder = Type.Object({
  orderId: Type.Integer(),
  fundraiserId: Type.Integer(),
  orderTotal: Cents,
  donation: Cents,
  isDonate: Type.Boolean(),
  hasShipping: Type.Boolean(),
  isActive: Type.Boolean(),
  testMode: Type.Boolean(),
  studentFirstName: Type.String(),
  studentLastName: Type.String(),
  FundraiserDeviceId: Type.Union([Type.Integer(), Type.Null()]),
  contactGuid: NullableString,
  socialGuid: NullableString,
  teamName: Type.String(),
  schoolName: Type.String(),
  teamPhotoUrl: NullableString,
  teamBackgroundPhotoUrl: NullableString,
  useTeamBackgroundPhoto: Type.Boolean(),
  teamPrimaryColorHex: NullableString,
  teamSecondaryColorHex: NullableString,
  videoUrl: NullableString,
  /**
   * Issue 34: the fundraiser is in privacy mode: its students are named by first name only (a student
   * link's answer carries no last name) and it has no leaderboard. Absent means off.
   */
  privacyMode: Type.Optional(Type.Boolean()),
  gatewayUrl: Type.String(),
  appSiteUrl: Type.String(),
  fundraiserOrderItems: Type.Array(OrderItem),
});
export type FundraiserOrder = Static<typeof FundraiserOrder>;

/** GetOrder / GetFundraiserOrder: a saved order as checkout needs it, with its server-computed sums. */
export const OrderView = Type.Intersect([
  FundraiserOrder,
  Type.Object({
    status: Type.String(),
    paymentTypeId: Type.Union([Type.Integer(), Type.Null()]),
    itemsTotal: Cents,
    shippingTotal: Cents,
    /** Spec §9: 5% of items plus shipping; shown only where its rule says. */
    convenienceFee: Cents,
    /**
     * Issue 19 "Cover the fees": what ticking the box at card checkout adds, computed by the server
     * from the order total and the configured processing rate; 0 when the site offers no such box.
     */
    coverFeesAmount: Cents,
    /**
     * Issue 31: the student page the order is credited to, named as the leaderboard names it ("Jordan
     * R."), by a student's link or by the name typed on the team's order page matching exactly one of
     * the team's students; absent when the order counts for the team only.
     */
    creditedStudent: Type.Optional(Type.String()),
  }),
]);
export type OrderView = Static<typeof OrderView>;

/**
 * Issue 9 "Goal progress", one entry of a team's leaderboard. `name` is the student's first name
 * and last initial ("Jane D."), never the full last name or anything else about them.
 */
export const LeaderboardEntry = Type.Object({
  /** 1 for the most raised; students who raised the same share a rank (1, 1, 3). */
  rank: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  raisedCents: Cents,
});
export type LeaderboardEntry = Static<typeof LeaderboardEntry>;

/**
 * GetProgress?fundraiserId: the team's progress, public (the order page). Raised = the sum of the
 * fundraiser's paid orders' totals (items + shipping + donation, what the supporter paid; unpaid
 * drafts never count). The goal is goalPerStudentCents × studentCount, at least one student's worth.
 */
export const FundraiserProgress = Type.Object({
  fundraiserId: Type.Integer(),
  goalCents: Cents,
  goalPerStudentCents: Cents,
  raisedCents: Cents,
  /** The part of raisedCents that students recorded as cash or check (not taken by card). */
  cashCheckCents: Cents,
  /** The fundraiser's student pages (fundraiser devices). */
  studentCount: Type.Integer({ minimum: 0 }),
});
export type FundraiserProgress = Static<typeof FundraiserProgress>;

/**
 * Students/GetTeamProgress?guid: the team's progress with its leaderboard, for a student's own
 * page. The leaderboard names students (first name, last initial), so it is not public.
 */
export const TeamStandings = Type.Object({
  ...FundraiserProgress.properties,
  /**
   * The top 10 students who have raised something, most first; ties by name. Empty in privacy mode
   * (issue 34): such a fundraiser has no leaderboard, and the server sends none.
   */
  leaderboard: Type.Array(LeaderboardEntry),
  /** Issue 34: the fundraiser is in privacy mode, so it has no leaderboard. Absent means off. */
  privacyMode: Type.Optional(Type.Boolean()),
});
export type TeamStandings = Static<typeof TeamStandings>;
