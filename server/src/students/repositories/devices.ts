import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DeviceOrder, FundraiserDevice, MyFundraiser } from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import type { Database } from '../../platform/db/client';
import {
  fundraiserDevices,
  fundraiserItems,
  fundraisers,
  itemOptions,
  items,
  orderLines,
  orders,
  schools,
  teams,
  tickets,
} from '../../platform/db/schema';
import { isOptedOut } from '../../messaging/repositories/optOuts';
import { lastNameKept, pageIsPublic, privacyOf, textsGoTo } from './pagePrivacy';

export type DeviceRow = typeof fundraiserDevices.$inferSelect;

/** The student's page's first screen: who, for which fundraiser, and the reminders' answer. */
export interface StudentPageHead {
  studentFirstName: string;
  studentLastName: string;
  isOptedIn: boolean | null;
  /** The page's phone was confirmed by its owner: its reminders, if on, go out. */
  phoneConfirmed: boolean;
  fundraiserName: string;
  isActive: boolean;
  teamName: string;
  schoolName: string;
}

/** Students' pages: the device, its fundraiser, its paid orders, and reminders opt-in. */
export function deviceRepository(db: Database) {
  async function byGuid(guid: string): Promise<DeviceRow | undefined> {
    const [device] = await db.select().from(fundraiserDevices).where(eq(fundraiserDevices.guid, guid.toLowerCase()));
    return device;
  }

  /**
   * Paid orders credited to the device (its page, contact and social links, and a name typed on the
   * team's page), newest first. The supporter of an order credited by a typed name is not shown: they
   * gave their details to the team's page, not to this student's, and anyone can make a page with a
   * student's name (issue 31).
   */
  async function paidOrders(deviceId: number): Promise<DeviceOrder[]> {
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.fundraiserDeviceId, deviceId), eq(orders.status, 'paid')))
      .orderBy(desc(orders.paidAt), desc(orders.id));
    if (rows.length === 0) return [];
    const lines = await db
      .select({
        orderId: orderLines.orderId,
        name: itemOptions.name,
        item: items.messageTextName,
        amount: orderLines.quantity,
        price: orderLines.unitPrice,
      })
      .from(orderLines)
      .innerJoin(itemOptions, eq(itemOptions.id, orderLines.itemOptionId))
      .innerJoin(items, eq(items.id, itemOptions.itemId))
      .where(
        inArray(
          orderLines.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(orderLines.id));
    return rows.map((order) => ({
      orderId: order.id,
      createdAt: (order.paidAt ?? order.createdAt).toISOString(),
      paymentTypeId: order.paymentTypeId,
      ...(order.creditedBy === null
        ? {
            donor: {
              firstName: order.supporterFirstName ?? '',
              lastName: order.supporterLastName ?? '',
              phone: order.supporterPhoneNumber,
            },
          }
        : { donor: { firstName: '', lastName: '', phone: null }, fromTeamPage: true }),
      ordersItems: lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({ name: `${line.item}: ${line.name}`, amount: line.amount, price: line.price })),
      donation: order.donation,
      // What the supporter paid in all, a processing fee they chose to cover included (as raised counts it).
      orderTotal: order.orderTotal + order.coveredFee,
    }));
  }

  return {
    byGuid,
    paidOrders,

    /**
     * The names on a fundraiser's student pages while it takes orders, for matching a typed name
     * (issue 31); none for a fundraiser that is closed or does not exist. One statement whatever the
     * name, through the pages' fundraiser index.
     */
    async studentNamesOfOpenFundraiser(
      fundraiserId: number,
    ): Promise<{ deviceId: number; firstName: string; lastName: string; privacyMode: boolean }[]> {
      return (
        db
          .select({
            deviceId: fundraiserDevices.id,
            firstName: fundraiserDevices.studentFirstName,
            lastName: fundraiserDevices.studentLastName,
            // Issue 34: how the answer may name the student.
            privacyMode: fundraisers.privacyMode,
          })
          .from(fundraiserDevices)
          .innerJoin(fundraisers, eq(fundraisers.id, fundraiserDevices.fundraiserId))
          // A private page (issue 34, COPPA) is never matched: its student is named and credited nowhere.
          .where(and(eq(fundraiserDevices.fundraiserId, fundraiserId), eq(fundraisers.isActive, true), pageIsPublic))
      );
    },

    /** Paid orders credited to the page with this guid; undefined for no such page. */
    async paidOrdersOfPage(guid: string): Promise<DeviceOrder[] | undefined> {
      const device = await byGuid(guid);
      return device && paidOrders(device.id);
    },

    /**
     * What a student's page shows first (its served first paint), in one row however many orders it
     * has. Undefined where the app shows no page: no such guid, or a device without its contact link
     * (imported so), whose QR code the page cannot show.
     */
    async studentPageHead(guid: string): Promise<StudentPageHead | undefined> {
      const [row] = await db
        .select({
          studentFirstName: fundraiserDevices.studentFirstName,
          studentLastName: fundraiserDevices.studentLastName,
          isOptedIn: fundraiserDevices.isOptedIn,
          phoneVerifiedAt: fundraiserDevices.phoneVerifiedAt,
          contactGuid: fundraiserDevices.contactGuid,
          fundraiserName: fundraisers.name,
          isActive: fundraisers.isActive,
          teamName: teams.name,
          schoolName: schools.name,
        })
        .from(fundraiserDevices)
        .innerJoin(fundraisers, eq(fundraisers.id, fundraiserDevices.fundraiserId))
        .innerJoin(teams, eq(teams.id, fundraisers.teamId))
        .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
        .where(eq(fundraiserDevices.guid, guid.toLowerCase()));
      if (!row?.contactGuid) return undefined;
      const { contactGuid: _, phoneVerifiedAt, ...head } = row;
      return { ...head, phoneConfirmed: phoneVerifiedAt !== null };
    },

    /** Spec §3 Fundraiser device, as the student's page shows it. */
    async fundraiserDevice(guid: string): Promise<FundraiserDevice | undefined> {
      const device = await byGuid(guid);
      if (!device) return undefined;
      const [row] = await db
        .select({ fundraiser: fundraisers, teamName: teams.name, schoolName: schools.name })
        .from(fundraisers)
        .innerJoin(teams, eq(teams.id, fundraisers.teamId))
        .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
        .where(eq(fundraisers.id, device.fundraiserId));
      if (!row) return undefined;
      const itemRows = await db
        .select({ item: items })
        .from(fundraiserItems)
        .innerJoin(items, eq(items.id, fundraiserItems.itemId))
        .where(eq(fundraiserItems.fundraiserId, device.fundraiserId))
        .orderBy(asc(fundraiserItems.sortOrder), asc(items.id));
      const optionRows = itemRows.length
        ? await db
            .select()
            .from(itemOptions)
            .where(
              inArray(
                itemOptions.itemId,
                itemRows.map((r) => r.item.id),
              ),
            )
            .orderBy(asc(itemOptions.id))
        : [];
      const [ticket] = await db
        .select({ guid: tickets.guid })
        .from(tickets)
        .where(eq(tickets.fundraiserId, device.fundraiserId))
        .orderBy(asc(tickets.id))
        .limit(1);
      const deviceOrders = await paidOrders(device.id);
      const privacy = privacyOf(device);
      const textsStopped = privacy.textsPhone !== null && (await isOptedOut(db, privacy.textsPhone));
      return {
        guid: device.guid,
        // A private page has no link to share (issue 34, COPPA).
        socialGuid: privacy.isPrivate ? null : device.socialGuid,
        phone: device.phone,
        isOptedIn: device.isOptedIn,
        // A parent's confirmation proves the phone the page's texts go to.
        phoneConfirmed: device.phoneVerifiedAt !== null || privacy.parentConfirmed,
        privacy,
        textsStopped,
        studentFirstName: device.studentFirstName,
        studentLastName: device.studentLastName,
        fundraiser: {
          id: row.fundraiser.id,
          name: row.fundraiser.name,
          startDate: row.fundraiser.startDate,
          endDate: row.fundraiser.endDate,
          isActive: row.fundraiser.isActive,
          // The goal per student (issue 9): what this student's own progress is measured against.
          goal: row.fundraiser.goalPerStudentCents,
          teamName: row.teamName,
          schoolName: row.schoolName,
          privacyMode: row.fundraiser.privacyMode,
          fundraiserItems: itemRows.map(({ item }) => ({
            item: {
              itemId: item.id,
              messageTextName: item.messageTextName,
              itemsOptions: optionRows
                .filter((option) => option.itemId === item.id)
                .map((option) => ({
                  itemOptionId: option.id,
                  itemOptionTypeId: option.itemOptionTypeId,
                  name: option.name,
                  price: option.price,
                })),
            },
          })),
          ticket: ticket ? { guid: ticket.guid } : null,
        },
        orders: deviceOrders,
        ordersQty: deviceOrders.length,
        ordersTotal: deviceOrders.reduce((sum, order) => sum + order.orderTotal, 0),
      };
    },

    /**
     * My Fundraisers: every page registered to the device's phone when `allOfPhone` (the browser
     * proved the phone), otherwise the device's own page only.
     */
    async fundraisersForDevice(device: DeviceRow, allOfPhone: boolean): Promise<MyFundraiser[]> {
      return db
        .select({
          guid: fundraiserDevices.guid,
          fundraiserName: fundraisers.name,
          teamName: teams.name,
          schoolName: schools.name,
          isActive: fundraisers.isActive,
          isOptedIn: fundraiserDevices.isOptedIn,
        })
        .from(fundraiserDevices)
        .innerJoin(fundraisers, eq(fundraisers.id, fundraiserDevices.fundraiserId))
        .innerJoin(teams, eq(teams.id, fundraisers.teamId))
        .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
        .where(allOfPhone ? eq(fundraiserDevices.phone, device.phone) : eq(fundraiserDevices.id, device.id))
        .orderBy(desc(fundraisers.isActive), asc(fundraiserDevices.id));
    },

    /**
     * A new student page for a fundraiser; the guids for its page, contact and social links are
     * random. The age question's answer is recorded with when it was given, or left unanswered; a
     * student under 13 keeps only the last name's initial (lastNameKept). `language`: the page's it was made in.
     */
    async createDevice({
      studentIs13OrOlder,
      ...values
    }: {
      fundraiserId: number;
      phone: string;
      studentFirstName: string;
      studentLastName: string;
      studentIs13OrOlder: boolean | undefined;
      language: Language;
    }): Promise<string> {
      const answer =
        studentIs13OrOlder === undefined
          ? {}
          : { studentIs13OrOlder, ageAnsweredAt: new Date(), ageAnsweredVia: 'new_page' as const };
      const [created] = await db
        .insert(fundraiserDevices)
        .values({
          ...values,
          studentLastName: lastNameKept(studentIs13OrOlder, values.studentLastName),
          ...answer,
          guid: randomUUID(),
          contactGuid: randomUUID(),
          socialGuid: randomUUID(),
        })
        .returning({ guid: fundraiserDevices.guid });
      return created!.guid;
    },

    /** An empty unpaid order for the student's cash/check sale (NewOrderWithFDID), owned by this browser, in `language`. */
    async newCashCheckOrder(device: DeviceRow, ownerKeyHash: string, language: Language = 'en'): Promise<number> {
      const [fundraiser] = await db
        .select({ testMode: fundraisers.testMode })
        .from(fundraisers)
        .where(eq(fundraisers.id, device.fundraiserId));
      const [order] = await db
        .insert(orders)
        .values({
          fundraiserId: device.fundraiserId,
          fundraiserDeviceId: device.id,
          studentFirstName: device.studentFirstName,
          studentLastName: device.studentLastName,
          testMode: fundraiser?.testMode ?? false,
          ownerKeyHash,
          studentSale: true,
          language,
        })
        .returning({ id: orders.id });
      return order!.id;
    },

    /**
     * The pages whose texts go to a phone, for texting their links to it (phone lookups); newest
     * first. Issue 34 (COPPA): a younger student's page is the parent's phone's once a parent
     * confirmed it, and no phone's while it is private.
     */
    pagesOfPhone(phone: string, limit: number) {
      return db
        .select({
          guid: fundraiserDevices.guid,
          fundraiserName: fundraisers.name,
          isActive: fundraisers.isActive,
        })
        .from(fundraiserDevices)
        .innerJoin(fundraisers, eq(fundraisers.id, fundraiserDevices.fundraiserId))
        .where(textsGoTo(phone))
        .orderBy(desc(fundraisers.isActive), desc(fundraiserDevices.id))
        .limit(limit);
    },

    /**
     * Reminders on or off for the device's page, or for every page of its phone when `allOfPhone`
     * (the browser proved the phone: its owner decides for all of them, and turning reminders on
     * is then their confirmed consent). How many pages changed.
     */
    async setOptIn(device: DeviceRow, status: boolean, allOfPhone: boolean, language?: Language): Promise<number> {
      const consent =
        allOfPhone && status ? { phoneVerifiedAt: sql`coalesce(${fundraiserDevices.phoneVerifiedAt}, now())` } : {};
      // Reminders turned on come in the language of the page they were turned on in (issue 35).
      const spoken = status && language ? { language } : {};
      const updated = await db
        .update(fundraiserDevices)
        .set({ isOptedIn: status, ...consent, ...spoken })
        .where(allOfPhone ? eq(fundraiserDevices.phone, device.phone) : eq(fundraiserDevices.id, device.id))
        .returning({ id: fundraiserDevices.id });
      return updated.length;
    },
  };
}

export type DeviceRepository = ReturnType<typeof deviceRepository>;
