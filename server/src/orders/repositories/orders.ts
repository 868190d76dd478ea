import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  convenienceFeeCents,
  PAYMENT_TYPES,
  type CreateOrderRequest,
  type ItemOptionBundles,
  type OptionBundle,
  type OrderView,
  type Receipt,
  type ReceiptOrganization,
} from '@fu/shared/contracts';
import {
  isCashOrCheck,
  safeTypedText,
  studentLastNameIn,
  studentNameIn,
  type OrderCatalog,
  type OrderLine,
} from '@fu/shared/rules';
import type { Language } from '@fu/shared/i18n/languages';
import type { Database, Executor } from '../../platform/db/client';
import {
  engagementCounters,
  fundraiserDevices,
  fundraiserItems,
  fundraisers,
  itemOptions,
  items,
  optionBundleEntries,
  optionBundles,
  orderLines,
  orders,
  payments,
  schools,
  type SupporterColumns,
} from '../../platform/db/schema';
import type { FundraiserRepository } from '../../catalog/repositories/fundraisers';
import { pageIsPublic } from '../../students/repositories/pagePrivacy';

export type { SupporterColumns };
export type EngagementKind = (typeof engagementCounters.$inferInsert)['kind'];
export type OrderRow = typeof orders.$inferSelect;

/**
 * `creditedStudent` of an order view or receipt: the name of the student page the order is credited
 * to, as the leaderboard shows it ("Jordan R."); nothing when it counts for the team only, or when
 * it was credited by a typed name the client's budget of name checks did not cover (`name_quiet`).
 */
function creditedStudentOf(row: {
  order: Pick<OrderRow, 'creditedBy'>;
  creditedFirstName: string | null;
  creditedLastName: string | null;
  privacyMode: boolean;
}): { creditedStudent?: string } {
  if (row.creditedFirstName === null || row.order.creditedBy === 'name_quiet') return {};
  return { creditedStudent: studentNameIn(row, row.creditedFirstName, row.creditedLastName ?? '') };
}

/**
 * The student's name parts an order's view or receipt carries (issue 34): in privacy mode no last
 * name, except on the view of an order whose name its own browser typed on the team's page (no
 * student link, not a student's sale), which gives back what that browser typed so it can edit it.
 */
function studentNamePartsOf(
  order: Pick<OrderRow, 'studentFirstName' | 'studentLastName'>,
  naming: { privacyMode: boolean },
): { studentFirstName: string; studentLastName: string } {
  return {
    studentFirstName: order.studentFirstName,
    studentLastName: studentLastNameIn(naming, order.studentLastName),
  };
}

/** An order whose student name was typed by its own browser on the team's page (no student link, no student sale). */
const typedOnTeamPage = (
  order: Pick<OrderRow, 'contactGuid' | 'socialGuid' | 'fundraiserDeviceId' | 'creditedBy'>,
): boolean =>
  !order.contactGuid && !order.socialGuid && (order.fundraiserDeviceId === null || order.creditedBy !== null);

/**
 * What a fundraiser sells, read from the database: the only source of prices, and of the good-faith
 * value of the goods (issue 34): each option's per unit (its own, else its item's, else its price),
 * each bundle's for its entries together (null: theirs added up).
 */
export interface Catalog extends OrderCatalog {
  isActive: boolean;
  options: readonly (OrderCatalog['options'][number] & { goodsValue: number })[];
  bundles: ReadonlyMap<number, { itemId: number; bundle: OptionBundle; goodsValue: number | null }>;
}

/** An order line as it is saved: priced, with the good-faith value of its goods (orders/services/goodsValue.ts). */
export type SavedLine = OrderLine & { goodsValue: number };

/**
 * A paid order's receipt as stored, before the services say who issues it: `schoolOrganization` is
 * the school's own organisation (issue 34), null when the site's issues its receipts.
 */
export type StoredReceipt = Omit<Receipt, 'organization'> & { schoolOrganization: ReceiptOrganization | null };

/** The columns a draft order takes from its CreateOrder request. */
export type OrderDraftColumns = Pick<
  typeof orders.$inferInsert,
  | 'fundraiserId'
  | 'fundraiserDeviceId'
  | 'isDonate'
  | 'donation'
  | 'itemsTotal'
  | 'shippingTotal'
  | 'orderTotal'
  | 'studentFirstName'
  | 'studentLastName'
  | 'contactGuid'
  | 'socialGuid'
  | 'language'
>;

export function orderRepository(db: Database, fundraiserRepo: FundraiserRepository) {
  /** Bundles (with their entries' option prices) matching `where`, in id order: one query. */
  async function loadBundles(
    where: SQL | undefined,
  ): Promise<{ itemId: number; bundle: OptionBundle; goodsValue: number | null }[]> {
    const rows = await db
      .select({
        id: optionBundles.id,
        itemId: optionBundles.itemId,
        goodsValue: optionBundles.goodsValue,
        name: optionBundles.name,
        description: optionBundles.description,
        icon: optionBundles.icon,
        entryId: optionBundleEntries.id,
        itemsOptionId: optionBundleEntries.itemsOptionId,
        quantity: optionBundleEntries.quantity,
        price: itemOptions.price,
      })
      .from(optionBundles)
      .leftJoin(optionBundleEntries, eq(optionBundleEntries.bundleId, optionBundles.id))
      .leftJoin(itemOptions, eq(itemOptions.id, optionBundleEntries.itemsOptionId))
      .where(where)
      .orderBy(asc(optionBundles.id), asc(optionBundleEntries.id));
    const bundles: { itemId: number; bundle: OptionBundle; goodsValue: number | null }[] = [];
    for (const row of rows) {
      let current = bundles.at(-1);
      if (current?.bundle.id !== row.id) {
        current = {
          itemId: row.itemId,
          goodsValue: row.goodsValue,
          bundle: {
            id: row.id,
            name: row.name,
            description: row.description,
            icon: row.icon,
            optionBundleEntries: [],
          },
        };
        bundles.push(current);
      }
      if (row.entryId !== null && row.itemsOptionId !== null && row.quantity !== null && row.price !== null) {
        current.bundle.optionBundleEntries.push({
          itemsOptionId: row.itemsOptionId,
          quantity: row.quantity,
          itemsOption: { price: row.price },
        });
      }
    }
    return bundles;
  }

  /** Spec §7 GetOptionBundlesForItem: bundles with their entries' option prices. */
  async function bundlesForItem(itemId: number): Promise<OptionBundle[]> {
    return (await loadBundles(eq(optionBundles.itemId, itemId))).map(({ bundle }) => bundle);
  }

  /**
   * Every bundle of the items a fundraiser sells, by item in the order page's item order (an item
   * without bundles has none): two queries for the whole page. Undefined when there is no such fundraiser.
   */
  async function bundlesForFundraiser(fundraiserId: number): Promise<ItemOptionBundles[] | undefined> {
    const rows = await db
      .select({ itemId: fundraiserItems.itemId })
      .from(fundraisers)
      .leftJoin(fundraiserItems, eq(fundraiserItems.fundraiserId, fundraisers.id))
      .where(eq(fundraisers.id, fundraiserId))
      .orderBy(asc(fundraiserItems.sortOrder), asc(fundraiserItems.itemId));
    if (rows.length === 0) return undefined;
    const itemIds = rows.flatMap(({ itemId }) => (itemId === null ? [] : [itemId]));
    if (itemIds.length === 0) return [];
    const bundles = await loadBundles(inArray(optionBundles.itemId, itemIds));
    return itemIds.map((itemId) => ({
      itemId,
      optionBundles: bundles.filter((entry) => entry.itemId === itemId).map(({ bundle }) => bundle),
    }));
  }

  /**
   * What the fundraiser sells, fresh from the database (never cached: it prices the order).
   * Three queries whatever the number of items: the fundraiser with its items, their options,
   * and their bundles with entries.
   */
  async function catalogFor(fundraiserId: number): Promise<(Catalog & { testMode: boolean }) | undefined> {
    const rows = await db
      .select({
        isActive: fundraisers.isActive,
        hasShipping: fundraisers.hasShipping,
        testMode: fundraisers.testMode,
        privacyMode: fundraisers.privacyMode,
        itemId: items.id,
        shippingCost: items.shippingCost,
      })
      .from(fundraisers)
      .leftJoin(fundraiserItems, eq(fundraiserItems.fundraiserId, fundraisers.id))
      .leftJoin(items, eq(items.id, fundraiserItems.itemId))
      .where(eq(fundraisers.id, fundraiserId));
    const [first] = rows;
    if (!first) return undefined;
    const itemRows = rows.flatMap(({ itemId, shippingCost }) =>
      itemId === null || shippingCost === null ? [] : [{ itemId, shippingCost }],
    );
    if (itemRows.length === 0) {
      return {
        isActive: first.isActive,
        hasShipping: first.hasShipping,
        testMode: first.testMode,
        privacyMode: first.privacyMode,
        items: [],
        options: [],
        bundles: new Map(),
      };
    }
    const soldItemIds = db
      .select({ itemId: fundraiserItems.itemId })
      .from(fundraiserItems)
      .where(eq(fundraiserItems.fundraiserId, fundraiserId));
    const options = await db
      .select({
        itemOptionId: itemOptions.id,
        itemId: itemOptions.itemId,
        itemOptionTypeId: itemOptions.itemOptionTypeId,
        price: itemOptions.price,
        goodsValue: sql<number>`coalesce(${itemOptions.goodsValue}, ${items.goodsValue}, ${itemOptions.price})`.mapWith(
          Number,
        ),
      })
      .from(itemOptions)
      .innerJoin(items, eq(items.id, itemOptions.itemId))
      .where(inArray(itemOptions.itemId, soldItemIds));
    const bundles = new Map(
      (await loadBundles(inArray(optionBundles.itemId, soldItemIds))).map((entry) => [entry.bundle.id, entry]),
    );
    return {
      isActive: first.isActive,
      hasShipping: first.hasShipping,
      testMode: first.testMode,
      privacyMode: first.privacyMode,
      items: itemRows,
      options,
      bundles,
    };
  }

  /**
   * The student page an order is credited to: by the page's own guid, its contact link or its
   * social link, when it belongs to the order's fundraiser. `byPageGuid` says the caller holds the
   * page's own guid (the student's secret), which a cash/check sale needs.
   */
  async function creditedDevice(request: CreateOrderRequest): Promise<{ id: number; byPageGuid: boolean } | null> {
    const conditions = [
      request.fundraiserDeviceGuid ? eq(fundraiserDevices.guid, request.fundraiserDeviceGuid.toLowerCase()) : undefined,
      request.contactGuid ? eq(fundraiserDevices.contactGuid, request.contactGuid) : undefined,
      request.socialGuid ? eq(fundraiserDevices.socialGuid, request.socialGuid) : undefined,
    ].filter(Boolean);
    if (conditions.length === 0) return null;
    const [device] = await db
      .select({ id: fundraiserDevices.id, fundraiserId: fundraiserDevices.fundraiserId })
      .from(fundraiserDevices)
      // A private page (issue 34, COPPA) is credited with nothing: its links count for no one.
      .where(and(conditions[0], pageIsPublic));
    if (!device || device.fundraiserId !== request.fundraiserId) return null;
    return { id: device.id, byPageGuid: Boolean(request.fundraiserDeviceGuid) };
  }

  // Checkout reads the order on every visit: built once, and prepared on PostgreSQL connections.
  const orderWithLines = db
    .select({
      // The columns the order view shows: PGlite's cost grows with every column of every row.
      order: {
        id: orders.id,
        fundraiserId: orders.fundraiserId,
        status: orders.status,
        paymentTypeId: orders.paymentTypeId,
        itemsTotal: orders.itemsTotal,
        shippingTotal: orders.shippingTotal,
        orderTotal: orders.orderTotal,
        donation: orders.donation,
        isDonate: orders.isDonate,
        testMode: orders.testMode,
        studentFirstName: orders.studentFirstName,
        studentLastName: orders.studentLastName,
        fundraiserDeviceId: orders.fundraiserDeviceId,
        contactGuid: orders.contactGuid,
        socialGuid: orders.socialGuid,
        creditedBy: orders.creditedBy,
      },
      itemOptionId: orderLines.itemOptionId,
      quantity: orderLines.quantity,
      // The student page the order is credited to, if any: its names make its "Jordan R.".
      creditedFirstName: fundraiserDevices.studentFirstName,
      creditedLastName: fundraiserDevices.studentLastName,
      // Issue 34: read with the order, not from the cached fundraiser details, as it decides what names go out.
      privacyMode: fundraisers.privacyMode,
    })
    .from(orders)
    .innerJoin(fundraisers, eq(fundraisers.id, orders.fundraiserId))
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .leftJoin(fundraiserDevices, eq(fundraiserDevices.id, orders.fundraiserDeviceId))
    .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.ownerKeyHash, sql.placeholder('ownerKeyHash'))))
    .prepare('order_with_lines');

  return {
    catalogFor,
    creditedDevice,

    /**
     * The order as the order page and checkout see it (the fundraiser's items with quantities
     * filled in), for the browser that owns it; undefined for anyone else. The route adds
     * `coverFeesAmount`, from the configured processing rate (orders/services/coverFees.ts).
     */
    async fundraiserOrder(
      orderId: number,
      ownerKeyHash: string | undefined,
    ): Promise<Omit<OrderView, 'coverFeesAmount'> | undefined> {
      if (!ownerKeyHash) return undefined;
      // One prepared query: the order joined with its lines (one row per line). The fundraiser's
      // items and prices come from the lookup cache.
      const rows = await orderWithLines.execute({ orderId, ownerKeyHash });
      const order = rows[0]?.order;
      if (!order) return undefined;
      const credited = creditedStudentOf(rows[0]!);
      const { privacyMode } = rows[0]!;
      const base = await fundraiserRepo.getFundraiserDetails(order.fundraiserId);
      if (!base) return undefined;
      const qtyByOption = new Map(
        rows.flatMap(({ itemOptionId, quantity }) => (itemOptionId === null ? [] : [[itemOptionId, quantity ?? 0]])),
      );
      return {
        ...base,
        orderId: order.id,
        status: order.status,
        paymentTypeId: order.paymentTypeId,
        itemsTotal: order.itemsTotal,
        shippingTotal: order.shippingTotal,
        convenienceFee: convenienceFeeCents(order.itemsTotal + order.shippingTotal),
        orderTotal: order.orderTotal,
        donation: order.donation,
        isDonate: order.isDonate,
        testMode: order.testMode,
        privacyMode,
        ...(typedOnTeamPage(order)
          ? { studentFirstName: order.studentFirstName, studentLastName: order.studentLastName }
          : studentNamePartsOf(order, { privacyMode })),
        FundraiserDeviceId: order.fundraiserDeviceId,
        contactGuid: order.contactGuid,
        socialGuid: order.socialGuid,
        ...credited,
        fundraiserOrderItems: base.fundraiserOrderItems.map((item) => ({
          ...item,
          fundraiserOrderItemOptions: item.fundraiserOrderItemOptions.map((option) => ({
            ...option,
            qty: qtyByOption.get(option.itemOptionId) ?? 0,
          })),
        })),
      };
    },

    bundlesForItem,
    bundlesForFundraiser,

    /**
     * A paid order's receipt: its lines with option names and the good-faith value of their goods,
     * the supporter, the approved payment and the school's own organisation, if any; the services
     * add who issued it (that organisation, else config.organization). `orderTotal` is everything paid, the
     * covered processing fee included. A cash or check sale says whether the organisation received
     * it (`collection`). Names and the check number are what people typed: they pass the typed-text
     * rule (no link, no invisible character), also those kept before the rule was checked on input.
     */
    async receipt(orderId: number): Promise<StoredReceipt | undefined> {
      const [found] = await db
        .select({
          order: orders,
          creditedFirstName: fundraiserDevices.studentFirstName,
          creditedLastName: fundraiserDevices.studentLastName,
          privacyMode: fundraisers.privacyMode,
          school: {
            legalName: schools.orgLegalName,
            address: schools.orgAddress,
            taxId: schools.orgTaxId,
            is501c3: schools.orgIs501c3,
          },
          timeZone: schools.timeZone,
        })
        .from(orders)
        .leftJoin(fundraiserDevices, eq(fundraiserDevices.id, orders.fundraiserDeviceId))
        .innerJoin(fundraisers, eq(fundraisers.id, orders.fundraiserId))
        .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
        .where(eq(orders.id, orderId));
      const order = found?.order;
      if (!order || order.status !== 'paid') return undefined;
      const [payment] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'approved')));
      const details = await fundraiserRepo.getFundraiserDetails(order.fundraiserId);
      const lines = await db
        .select({
          name: itemOptions.name,
          item: items.messageTextName,
          quantity: orderLines.quantity,
          unitPrice: orderLines.unitPrice,
          lineTotal: orderLines.lineTotal,
          goodsValue: orderLines.goodsValue,
        })
        .from(orderLines)
        .innerJoin(itemOptions, eq(itemOptions.id, orderLines.itemOptionId))
        .innerJoin(items, eq(items.id, itemOptions.itemId))
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.id));
      const { school } = found!;
      return {
        orderId,
        teamName: details?.teamName ?? '',
        schoolName: details?.schoolName ?? '',
        // Issue 34: a receipt (its page, PDF and e-mail) names a privacy-mode student by first name only.
        studentFirstName: safeTypedText(order.studentFirstName),
        studentLastName: safeTypedText(studentNamePartsOf(order, found!).studentLastName),
        ...creditedStudentOf(found),
        supporterFirstName: safeTypedText(order.supporterFirstName ?? ''),
        supporterLastName: safeTypedText(order.supporterLastName ?? ''),
        donorEmail: order.donorEmail ?? '',
        paidAt: (order.paidAt ?? order.createdAt).toISOString(),
        timeZone: found!.timeZone,
        // A line made before issue 34 has no value of its own: its total, as merchandise is valued.
        lines: lines.map(({ item, name, goodsValue, ...line }) => ({
          name: `${item}: ${name}`,
          ...line,
          goodsValue: goodsValue ?? line.lineTotal,
        })),
        donation: order.donation,
        shippingTotal: order.shippingTotal,
        coveredFee: order.coveredFee,
        orderTotal: order.orderTotal + order.coveredFee,
        ...(isCashOrCheck(order.paymentTypeId) && {
          collection: { receivedAt: order.cashReceivedAt?.toISOString() ?? null },
        }),
        payment: {
          paymentTypeId: order.paymentTypeId ?? PAYMENT_TYPES.card,
          brand: payment?.brand ?? '',
          last4: payment?.last4 ?? '',
          reference: payment?.gatewayRef ?? '',
          checkNumber: order.checkNumber === null ? null : safeTypedText(order.checkNumber),
        },
        schoolOrganization:
          school.legalName === null
            ? null
            : {
                legalName: school.legalName,
                address: school.address ?? '',
                taxId: school.taxId ?? '',
                is501c3: school.is501c3 ?? true,
              },
      };
    },

    /** The language the order was made in (issue 35, docs/i18n.md): its receipt e-mail and tickets text are in it. */
    async languageOf(orderId: number): Promise<Language> {
      const [row] = await db.select({ language: orders.language }).from(orders).where(eq(orders.id, orderId));
      return row?.language ?? 'en';
    },

    /** A supporter's paid orders by the phone given at checkout, for texting their receipts to it; newest first. */
    paidOrdersOfSupporterPhone(phone: string, limit: number) {
      return db
        .select({
          orderId: orders.id,
          orderTotal: sql<number>`${orders.orderTotal} + ${orders.coveredFee}`.mapWith(Number),
        })
        .from(orders)
        .where(and(eq(orders.supporterPhoneNumber, phone), eq(orders.status, 'paid')))
        .orderBy(desc(orders.id))
        .limit(limit);
    },

    /** Whether the order is paid and belongs to this browser (the receipt link's one check). */
    async paidAndOwnedBy(orderId: number, ownerKeyHash: string | undefined): Promise<boolean> {
      if (!ownerKeyHash) return false;
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.status, 'paid'), eq(orders.ownerKeyHash, ownerKeyHash)));
      return row !== undefined;
    },

    /**
     * Whether a paid order has this e-mail (trimmed, any case): the receipt lookup's one check,
     * a single query so a wrong number, a wrong e-mail and an unpaid order look the same.
     */
    async paidOrderHasEmail(orderId: number, email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.status, 'paid'),
            sql`lower(btrim(${orders.donorEmail})) = lower(btrim(${email}))`,
          ),
        );
      return row !== undefined;
    },

    /** One more visit, share or click for a guid: a single upsert, safe under concurrency. */
    async increment(guid: string, kind: EngagementKind): Promise<void> {
      await db
        .insert(engagementCounters)
        .values({ guid, kind, count: 1 })
        .onConflictDoUpdate({
          target: [engagementCounters.guid, engagementCounters.kind],
          set: { count: sql`${engagementCounters.count} + 1` },
        });
    },

    async engagementCount(guid: string, kind: EngagementKind): Promise<number> {
      const [row] = await db
        .select({ count: engagementCounters.count })
        .from(engagementCounters)
        .where(and(eq(engagementCounters.guid, guid), eq(engagementCounters.kind, kind)));
      return row?.count ?? 0;
    },
  };
}

export type OrderRepository = ReturnType<typeof orderRepository>;

// ---- statements of a service's transaction (orders/services/createOrder.ts, processOrder.ts,
// processCashCheck.ts, cardAttempts.ts): each runs on the transaction it is given. -------------

/** The order row, locked for the rest of the transaction (every payment path locks it first). */
export async function lockOrder(tx: Executor, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

/** A new unpaid order with its lines; its id. */
export async function insertOrder(
  tx: Executor,
  values: OrderDraftColumns & { testMode: boolean; ownerKeyHash: string; studentSale: boolean },
  lines: SavedLine[],
): Promise<number> {
  const [inserted] = await tx.insert(orders).values(values).returning({ id: orders.id });
  const orderId = inserted!.id;
  if (lines.length) await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId })));
  return orderId;
}

/** An unpaid order's new columns and lines, in place of its old ones. */
export async function replaceOrder(
  tx: Executor,
  orderId: number,
  values: Partial<OrderDraftColumns>,
  lines: SavedLine[],
): Promise<void> {
  await tx.update(orders).set(values).where(eq(orders.id, orderId));
  await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
  if (lines.length) await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId })));
}

/** The item and option type of each of the order's lines. */
export function orderLineOptions(tx: Executor, orderId: number) {
  return tx
    .select({ itemId: itemOptions.itemId, itemOptionTypeId: itemOptions.itemOptionTypeId })
    .from(orderLines)
    .innerJoin(itemOptions, eq(itemOptions.id, orderLines.itemOptionId))
    .where(eq(orderLines.orderId, orderId));
}

/** Marks the order paid now, with how it was paid and the checkout's supporter details. */
export async function markOrderPaid(
  tx: Executor,
  orderId: number,
  payment: { paymentTypeId: number; checkNumber?: string | null; coveredFee?: number } & Partial<SupporterColumns>,
): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'paid', paidAt: new Date(), ...payment })
    .where(eq(orders.id, orderId));
}
