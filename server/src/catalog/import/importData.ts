import { and, eq, getTableColumns, getTableName, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { invalidateLookups } from '../../platform/cache/lookupCache';
import type { Database } from '../../platform/db/client';
import {
  fundraiserDevices,
  fundraiserItems,
  fundraisers,
  itemOptions,
  items,
  optionBundleEntries,
  optionBundles,
  orderLines,
  orders,
  schools,
  teams,
  ticketOffers,
  ticketPurchaseSessions,
  ticketPurchases,
  tickets,
  vendorOffers,
  vendors,
} from '../../platform/db/schema';
import { schoolOrganizationColumns, schoolOrganizationProblems } from '../schoolOrganization';
import { isTimeZone, timeZoneOfState } from '../schoolTimeZones';
import type { ImportFile } from './format';
import { ImportError, validateImport } from './validate';
import { keepLastInitialsOfChildren } from '../../students/repositories/pagePrivacy';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A page's age answer column on a re-import: the page's own when it answered "under 13" or the file
 * gives no answer, else the file's (issue 34: a file may make a page private, never take a child's
 * page past its parent). The answer, when and how it was given go together.
 */
const pageAnswerOrFiles = (column: 'student_is_13_or_older' | 'age_answered_at' | 'age_answered_via') =>
  sql.raw(
    `case when fundraiser_devices.student_is_13_or_older is false or excluded.student_is_13_or_older is null ` +
      `then fundraiser_devices.${column} else excluded.${column} end`,
  );

/**
 * INSERT … ON CONFLICT (target) DO UPDATE of exactly the columns the rows carry: a null in a `keep`
 * column leaves the stored value, and `also` decides a column of an updated row its own way (its
 * own, or one the rows carry).
 */
async function upsert<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  target: PgColumn,
  keep: PgColumn[] = [],
  also: Record<string, SQL> = {},
) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const set: Record<string, SQL> = { ...also };
  for (const key of Object.keys(rows[0] as object)) {
    const column = columns[key];
    if (!column || column === target || key in also) continue;
    set[key] = keep.includes(column)
      ? sql.raw(`coalesce(excluded."${column.name}", "${getTableName(table)}"."${column.name}")`)
      : sql.raw(`excluded."${column.name}"`);
  }
  await tx.insert(table).values(rows).onConflictDoUpdate({ target, set });
}

/** Identity sequences must move past ids the import chose, or the next generated id collides. */
async function bumpSequences(tx: Tx) {
  for (const table of [
    'schools',
    'teams',
    'fundraisers',
    'items',
    'item_options',
    'option_bundles',
    'vendors',
    'vendor_offers',
    'tickets',
    'ticket_offers',
    'orders',
  ]) {
    await tx.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${table}), 1))`,
      ),
    );
  }
}

/** Checks that every id an entry refers to exists, in the file or already in the database. */
async function checkReferences(tx: Tx, file: ImportFile): Promise<string[]> {
  const problems: string[] = [];
  (file.schools ?? []).forEach((school, i) => {
    if (school.timeZone !== undefined && !isTimeZone(school.timeZone))
      problems.push(`schools[${i}].timeZone: not an IANA time zone (like America/Chicago): ${school.timeZone}`);
  });
  async function known(table: PgTable & { id: PgColumn }, inFile: number[], wanted: number[]) {
    const set = new Set(inFile);
    const missing = [...new Set(wanted.filter((id) => !set.has(id)))];
    if (missing.length === 0) return set;
    const rows = (await tx.select({ id: table.id }).from(table).where(inArray(table.id, missing))) as { id: number }[];
    for (const row of rows) set.add(row.id);
    return set;
  }
  (file.schools ?? []).forEach((school, i) => {
    if (!school.organization) return;
    for (const problem of schoolOrganizationProblems(school.organization))
      problems.push(`schools[${i}].organization.${problem.field}: ${problem.message}`);
  });
  const f = file.fundraisers ?? [];
  const schoolIds = await known(
    schools,
    (file.schools ?? []).map((s) => s.id),
    f.map((x) => x.schoolId),
  );
  const teamIds = await known(
    teams,
    (file.teams ?? []).map((t) => t.id),
    f.map((x) => x.teamId),
  );
  const itemIds = await known(
    items,
    (file.items ?? []).map((i) => i.id),
    f.flatMap((x) => x.itemIds),
  );
  f.forEach((fundraiser, i) => {
    if (!schoolIds.has(fundraiser.schoolId))
      problems.push(`fundraisers[${i}].schoolId: no school ${fundraiser.schoolId}`);
    if (!teamIds.has(fundraiser.teamId)) problems.push(`fundraisers[${i}].teamId: no team ${fundraiser.teamId}`);
    fundraiser.itemIds.forEach((itemId, j) => {
      if (!itemIds.has(itemId)) problems.push(`fundraisers[${i}].itemIds[${j}]: no item ${itemId}`);
    });
  });

  const optionsInFile = (file.items ?? []).flatMap((item) => item.options.map((o) => o.id));
  const bundleOptionRefs = (file.items ?? []).flatMap((item) =>
    (item.bundles ?? []).flatMap((b) => b.entries.map((e) => e.itemsOptionId)),
  );
  const orderOptionRefs = (file.orders ?? []).flatMap((order) => order.lines.map((l) => l.itemOptionId));
  const optionIds = await known(itemOptions, optionsInFile, [...bundleOptionRefs, ...orderOptionRefs]);
  (file.items ?? []).forEach((item, i) =>
    (item.bundles ?? []).forEach((bundle, j) =>
      bundle.entries.forEach((entry, k) => {
        if (!optionIds.has(entry.itemsOptionId))
          problems.push(`items[${i}].bundles[${j}].entries[${k}].itemsOptionId: no item option ${entry.itemsOptionId}`);
      }),
    ),
  );

  const fundraiserRefs = [
    ...(file.devices ?? []).map((d) => d.fundraiserId),
    ...(file.orders ?? []).map((o) => o.fundraiserId),
    ...(file.tickets ?? []).map((t) => t.fundraiserId),
  ];
  const fundraiserIds = await known(
    fundraisers,
    f.map((x) => x.id),
    fundraiserRefs,
  );
  for (const [list, name] of [
    [file.devices ?? [], 'devices'],
    [file.orders ?? [], 'orders'],
    [file.tickets ?? [], 'tickets'],
  ] as const) {
    list.forEach((entry, i) => {
      if (!fundraiserIds.has(entry.fundraiserId))
        problems.push(`${name}[${i}].fundraiserId: no fundraiser ${entry.fundraiserId}`);
    });
  }
  (file.orders ?? []).forEach((order, i) =>
    order.lines.forEach((line, j) => {
      if (!optionIds.has(line.itemOptionId))
        problems.push(`orders[${i}].lines[${j}].itemOptionId: no item option ${line.itemOptionId}`);
    }),
  );

  const offersInFile = (file.vendors ?? []).flatMap((v) => v.offers.map((o) => o.id));
  const offerRefs = (file.tickets ?? []).flatMap((t) => t.offers.map((o) => o.vendorOfferId));
  const offerIds = await known(vendorOffers, offersInFile, offerRefs);
  (file.tickets ?? []).forEach((ticket, i) =>
    ticket.offers.forEach((offer, j) => {
      if (!offerIds.has(offer.vendorOfferId))
        problems.push(`tickets[${i}].offers[${j}].vendorOfferId: no vendor offer ${offer.vendorOfferId}`);
    }),
  );
  (file.tickets ?? []).forEach((ticket, i) =>
    (ticket.purchases ?? []).forEach((purchase, j) =>
      purchase.sessions.forEach((session, k) => {
        const at = `tickets[${i}].purchases[${j}].sessions[${k}]`;
        if ((session.phone === undefined) !== (session.keyActivatedAt === undefined))
          problems.push(`${at}: phone and keyActivatedAt go together (an activated ticket has both)`);
        if (session.keyActivatedAt !== undefined && Number.isNaN(Date.parse(session.keyActivatedAt)))
          problems.push(`${at}.keyActivatedAt: not a date-time`);
      }),
    ),
  );
  return problems;
}

export interface ImportSummary {
  schools: number;
  teams: number;
  items: number;
  fundraisers: number;
  devices: number;
  vendors: number;
  orders: number;
  tickets: number;
}

/** Validates and loads an import file in one transaction: all of it, or nothing. Re-runs update in place. */
export async function importData(db: Database, input: unknown): Promise<ImportSummary> {
  const file = validateImport(input);
  await db.transaction(async (tx) => {
    const problems = await checkReferences(tx, file);
    if (problems.length) throw new ImportError(problems);

    // One school at a time: an organisation left out of the file keeps the stored one, and a time
    // zone left out is the state's for a new school and stays as it is on a re-run (an admin may have
    // set either); one given is written.
    for (const school of file.schools ?? []) {
      const { organization, timeZone, ...columns } = school;
      const stated = organization === undefined ? {} : schoolOrganizationColumns(organization);
      await tx
        .insert(schools)
        .values({ ...columns, ...stated, timeZone: timeZone ?? timeZoneOfState(columns.state) })
        .onConflictDoUpdate({
          target: schools.id,
          set: { name: columns.name, state: columns.state, ...stated, ...(timeZone ? { timeZone } : {}) },
        });
    }
    await upsert(
      tx,
      teams,
      (file.teams ?? []).map((team) => ({
        id: team.id,
        name: team.name,
        primaryColorHex: team.primaryColorHex ?? null,
        secondaryColorHex: team.secondaryColorHex ?? null,
        photoUrl: team.photoUrl ?? null,
        useBackgroundPhoto: team.useBackgroundPhoto ?? false,
        backgroundPhotoUrl: team.backgroundPhotoUrl ?? null,
        link1Url: team.links?.[0]?.url ?? null,
        link1Name: team.links?.[0]?.name ?? null,
        link2Url: team.links?.[1]?.url ?? null,
        link2Name: team.links?.[1]?.name ?? null,
        link3Url: team.links?.[2]?.url ?? null,
        link3Name: team.links?.[2]?.name ?? null,
      })),
      teams.id,
    );
    for (const item of file.items ?? []) {
      await upsert(
        tx,
        items,
        [
          {
            id: item.id,
            name: item.name,
            itemImage: item.itemImage ?? null,
            messageTextName: item.messageTextName,
            shippingCost: item.shippingCost ?? 0,
            goodsValue: item.goodsValue ?? null,
          },
        ],
        items.id,
      );
      await upsert(
        tx,
        itemOptions,
        item.options.map((o) => ({
          id: o.id,
          itemId: item.id,
          itemOptionTypeId: o.itemOptionTypeId,
          name: o.name,
          price: o.price,
          imgUrl: o.imgUrl ?? null,
          goodsValue: o.goodsValue ?? null,
        })),
        itemOptions.id,
      );
      for (const bundle of item.bundles ?? []) {
        await upsert(
          tx,
          optionBundles,
          [
            {
              id: bundle.id,
              itemId: item.id,
              name: bundle.name,
              description: bundle.description ?? '',
              icon: bundle.icon ?? null,
              goodsValue: bundle.goodsValue ?? null,
            },
          ],
          optionBundles.id,
        );
        await tx.delete(optionBundleEntries).where(eq(optionBundleEntries.bundleId, bundle.id));
        await tx
          .insert(optionBundleEntries)
          .values(
            bundle.entries.map((e) => ({ bundleId: bundle.id, itemsOptionId: e.itemsOptionId, quantity: e.quantity })),
          );
      }
    }
    for (const fundraiser of file.fundraisers ?? []) {
      // A goal left out of the file keeps the one in the database (an admin may have set it); a new
      // fundraiser then gets the column's default, DEFAULT_GOAL_PER_STUDENT_CENTS.
      const goalPerStudentCents = fundraiser.goalPerStudentCents ?? fundraiser.goal;
      await upsert(
        tx,
        fundraisers,
        [
          {
            id: fundraiser.id,
            schoolId: fundraiser.schoolId,
            teamId: fundraiser.teamId,
            name: fundraiser.name,
            isActive: fundraiser.isActive,
            startDate: fundraiser.startDate,
            endDate: fundraiser.endDate,
            ...(goalPerStudentCents === undefined ? {} : { goalPerStudentCents }),
            videoUrl: fundraiser.videoUrl ?? null,
            testMode: fundraiser.testMode ?? false,
            hasShipping: fundraiser.hasShipping ?? false,
            // Privacy mode left out keeps what the database has (an admin may have set it).
            ...(fundraiser.privacyMode === undefined ? {} : { privacyMode: fundraiser.privacyMode }),
          },
        ],
        fundraisers.id,
      );
      await tx.delete(fundraiserItems).where(eq(fundraiserItems.fundraiserId, fundraiser.id));
      if (fundraiser.itemIds.length) {
        await tx
          .insert(fundraiserItems)
          .values(fundraiser.itemIds.map((itemId, sortOrder) => ({ fundraiserId: fundraiser.id, itemId, sortOrder })));
      }
    }
    await upsert(
      tx,
      fundraiserDevices,
      (file.devices ?? []).map((d) => ({
        guid: d.guid,
        fundraiserId: d.fundraiserId,
        phone: d.phone,
        isOptedIn: d.isOptedIn ?? null,
        studentFirstName: d.studentFirstName,
        studentLastName: d.studentLastName,
        contactGuid: d.contactGuid ?? null,
        socialGuid: d.socialGuid ?? null,
        // Issue 34 (COPPA): the roster's answer, if it gives one (recorded as the import's); one the
        // file leaves unanswered keeps the page's, or asks on the page. A page answered "under 13"
        // stays so: a file may make a page private, never take a child's page past its parent.
        studentIs13OrOlder: d.studentIs13OrOlder ?? null,
        ageAnsweredAt: d.studentIs13OrOlder === undefined ? null : new Date(),
        ageAnsweredVia: d.studentIs13OrOlder === undefined ? null : ('import' as const),
      })),
      fundraiserDevices.guid,
      [fundraiserDevices.contactGuid, fundraiserDevices.socialGuid],
      {
        // A new phone has not agreed to reminders: the page must be confirmed again.
        phoneVerifiedAt: sql`case when excluded.phone = fundraiser_devices.phone then fundraiser_devices.phone_verified_at end`,
        studentIs13OrOlder: pageAnswerOrFiles('student_is_13_or_older'),
        ageAnsweredAt: pageAnswerOrFiles('age_answered_at'),
        ageAnsweredVia: pageAnswerOrFiles('age_answered_via'),
      },
    );
    // A student under 13 keeps only the last name's initial (issue 34, COPPA), whatever the file says.
    await keepLastInitialsOfChildren(tx);
    // Every page has contact and social links (the QR code and Share use them, never the page's
    // own guid); a file without them gets new ones once, kept on later imports.
    await tx.execute(sql`UPDATE fundraiser_devices SET contact_guid = gen_random_uuid() WHERE contact_guid IS NULL`);
    await tx.execute(sql`UPDATE fundraiser_devices SET social_guid = gen_random_uuid() WHERE social_guid IS NULL`);
    for (const vendor of file.vendors ?? []) {
      await upsert(
        tx,
        vendors,
        [{ id: vendor.id, name: vendor.name, photoUrl: vendor.photoUrl ?? null, state: vendor.state ?? null }],
        vendors.id,
      );
      await upsert(
        tx,
        vendorOffers,
        vendor.offers.map((o) => ({
          id: o.id,
          vendorId: vendor.id,
          name: o.name,
          description: o.description ?? '',
          photoUrl: o.photoUrl ?? null,
          photoUrl2: o.photoUrl2 ?? null,
          offerTypeId: o.offerTypeId ?? 1,
        })),
        vendorOffers.id,
      );
    }
    await importOrders(tx, file.orders ?? []);
    await importTickets(tx, file.tickets ?? []);
    await bumpSequences(tx);
  });
  // Schools, teams, fundraisers and prices may have changed: every instance's lookups read afresh.
  await invalidateLookups(db);
  return {
    schools: file.schools?.length ?? 0,
    teams: file.teams?.length ?? 0,
    items: file.items?.length ?? 0,
    fundraisers: file.fundraisers?.length ?? 0,
    devices: file.devices?.length ?? 0,
    vendors: file.vendors?.length ?? 0,
    orders: file.orders?.length ?? 0,
    tickets: file.tickets?.length ?? 0,
  };
}

/** Historic orders: lines priced from the database, totals computed here, never taken from the file. */
async function importOrders(tx: Tx, list: NonNullable<ImportFile['orders']>) {
  for (const order of list) {
    const optionIds = order.lines.map((l) => l.itemOptionId);
    const prices = optionIds.length
      ? await tx
          .select({
            id: itemOptions.id,
            price: itemOptions.price,
            // Issue 34: the good-faith value of a unit, the option's, else its item's, else the price.
            goodsValue:
              sql<number>`coalesce(${itemOptions.goodsValue}, ${items.goodsValue}, ${itemOptions.price})`.mapWith(
                Number,
              ),
          })
          .from(itemOptions)
          .innerJoin(items, eq(items.id, itemOptions.itemId))
          .where(inArray(itemOptions.id, optionIds))
      : [];
    const priceOf = new Map(prices.map((p) => [p.id, p]));
    const lines = order.lines.map((l) => {
      const option = priceOf.get(l.itemOptionId);
      const unitPrice = option?.price ?? 0;
      const goodsValue = option?.goodsValue ?? unitPrice;
      return {
        itemOptionId: l.itemOptionId,
        quantity: l.quantity,
        unitPrice,
        lineTotal: unitPrice * l.quantity,
        goodsValue: goodsValue * l.quantity,
      };
    });
    const itemsTotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
    const donation = order.donation ?? 0;
    const [device] = order.deviceGuid
      ? await tx
          .select({ id: fundraiserDevices.id })
          .from(fundraiserDevices)
          .where(eq(fundraiserDevices.guid, order.deviceGuid))
      : [];
    await upsert(
      tx,
      orders,
      [
        {
          id: order.id,
          fundraiserId: order.fundraiserId,
          fundraiserDeviceId: device?.id ?? null,
          status: order.paid ? 'paid' : 'unpaid',
          isDonate: itemsTotal === 0 && donation > 0,
          donation,
          itemsTotal,
          orderTotal: itemsTotal + donation,
          supporterFirstName: order.supporterFirstName,
          supporterLastName: order.supporterLastName,
          supporterPhoneNumber: order.supporterPhoneNumber,
          donorEmail: order.donorEmail ?? null,
          paymentTypeId: order.paymentTypeId ?? null,
          paidAt: order.paid ? new Date() : null,
        },
      ],
      orders.id,
    );
    await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
    if (lines.length) await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order.id })));
  }
}

async function importTickets(tx: Tx, list: NonNullable<ImportFile['tickets']>) {
  for (const ticket of list) {
    const [photoUrl, photoUrl2, photoUrl3, photoUrl4, photoUrl5] = ticket.photoUrls ?? [];
    await upsert(
      tx,
      tickets,
      [
        {
          id: ticket.id,
          guid: ticket.guid,
          fundraiserId: ticket.fundraiserId,
          name: ticket.name,
          photoUrl: photoUrl ?? null,
          photoUrl2: photoUrl2 ?? null,
          photoUrl3: photoUrl3 ?? null,
          photoUrl4: photoUrl4 ?? null,
          photoUrl5: photoUrl5 ?? null,
        },
      ],
      tickets.id,
    );
    await upsert(
      tx,
      ticketOffers,
      ticket.offers.map((o) => ({
        id: o.id,
        ticketId: ticket.id,
        vendorOfferId: o.vendorOfferId,
        ticketQty: o.ticketQty,
      })),
      ticketOffers.id,
    );
    for (const purchase of ticket.purchases ?? []) {
      await upsert(
        tx,
        ticketPurchases,
        [{ guid: purchase.guid, ticketId: ticket.id, orderId: purchase.orderId, phone: purchase.phone ?? null }],
        ticketPurchases.guid,
      );
      const [saved] = await tx
        .select({ id: ticketPurchases.id })
        .from(ticketPurchases)
        .where(eq(ticketPurchases.guid, purchase.guid));
      // Only the link is imported: activation state (keyActivatedAt, device) is never reset by a re-run.
      await upsert(
        tx,
        ticketPurchaseSessions,
        purchase.sessions.map((s) => ({ guid: s.guid, ticketPurchaseId: saved!.id })),
        ticketPurchaseSessions.guid,
      );
      // A historic activation is recorded once; a ticket already activated here keeps its own.
      for (const session of purchase.sessions) {
        if (!session.phone || !session.keyActivatedAt) continue;
        await tx
          .update(ticketPurchaseSessions)
          .set({ phone: session.phone, keyActivatedAt: new Date(session.keyActivatedAt) })
          .where(and(eq(ticketPurchaseSessions.guid, session.guid), isNull(ticketPurchaseSessions.keyActivatedAt)));
      }
    }
  }
}
