import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ACCESS_MESSAGES,
  CASH_CHECK_MESSAGES,
  convenienceFeeCents,
  PAYMENT_TYPES,
  type CreateOrderRequest,
  type ItemOptionBundles,
  type OptionBundle,
  type OrderView,
  type Receipt,
} from '@fu/shared/contracts';
import type { Database } from '../db/client';
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
} from '../db/schema';
import { HttpError } from '../errors';
import { pendingAttemptOf, PAYMENT_IN_PROGRESS } from '../services/cardAttempts';
import type { Catalog, PricedOrder } from '../services/orderPricing';
import type { FundraiserRepository } from './fundraisers';

export type EngagementKind = (typeof engagementCounters.$inferInsert)['kind'];

export function orderRepository(db: Database, fundraiserRepo: FundraiserRepository) {
  /** Bundles (with their entries' option prices) matching `where`, in id order: one query. */
  async function loadBundles(where: SQL | undefined): Promise<{ itemId: number; bundle: OptionBundle }[]> {
    const rows = await db
      .select({
        id: optionBundles.id,
        itemId: optionBundles.itemId,
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
    const bundles: { itemId: number; bundle: OptionBundle }[] = [];
    for (const row of rows) {
      let current = bundles.at(-1);
      if (current?.bundle.id !== row.id) {
        current = {
          itemId: row.itemId,
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
      })
      .from(itemOptions)
      .where(inArray(itemOptions.itemId, soldItemIds));
    const bundles = new Map(
      (await loadBundles(inArray(optionBundles.itemId, soldItemIds))).map((entry) => [entry.bundle.id, entry]),
    );
    return {
      isActive: first.isActive,
      hasShipping: first.hasShipping,
      testMode: first.testMode,
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
      .where(conditions[0]);
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
      },
      itemOptionId: orderLines.itemOptionId,
      quantity: orderLines.quantity,
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.ownerKeyHash, sql.placeholder('ownerKeyHash'))))
    .prepare('order_with_lines');

  return {
    catalogFor,

    /**
     * Creates an order owned by `ownerKeyHash`, or replaces the lines of an unpaid one that browser
     * owns; one transaction, row-locked. Another browser's order, or none, is the same 404.
     * A cash/check order must come from the student's own page (its guid): a student sale.
     */
    async saveOrder(
      request: CreateOrderRequest,
      priced: PricedOrder,
      fundraiser: { testMode: boolean } | undefined,
      ownerKeyHash: string,
    ): Promise<number> {
      const device = await creditedDevice(request);
      if (request.isCashCheck && !device?.byPageGuid) {
        throw new HttpError(400, CASH_CHECK_MESSAGES.notStudentOrder, [
          { field: 'fundraiserDeviceGuid', message: CASH_CHECK_MESSAGES.notStudentOrder },
        ]);
      }
      const fields = {
        fundraiserId: request.fundraiserId,
        fundraiserDeviceId: device?.id ?? null,
        isDonate: Boolean(request.isDonate) || (priced.itemsTotal === 0 && priced.donation > 0),
        donation: priced.donation,
        itemsTotal: priced.itemsTotal,
        shippingTotal: priced.shippingTotal,
        orderTotal: priced.orderTotal,
        studentFirstName: request.studentFirstName.trim(),
        studentLastName: request.studentLastName.trim(),
        contactGuid: request.contactGuid ?? null,
        socialGuid: request.socialGuid ?? null,
      };
      return db.transaction(async (tx) => {
        let orderId = request.orderId ?? 0;
        if (orderId > 0) {
          const [existing] = await tx
            .select({
              status: orders.status,
              fundraiserId: orders.fundraiserId,
              ownerKeyHash: orders.ownerKeyHash,
              studentSale: orders.studentSale,
              fundraiserDeviceId: orders.fundraiserDeviceId,
            })
            .from(orders)
            .where(eq(orders.id, orderId))
            .for('update');
          if (!existing || existing.ownerKeyHash !== ownerKeyHash || existing.fundraiserId !== request.fundraiserId) {
            throw new HttpError(404, ACCESS_MESSAGES.orderNotFound);
          }
          if (existing.status !== 'unpaid') {
            throw new HttpError(409, 'This order has already been paid and can no longer be changed.');
          }
          // The lines and total are what a card charge under way is paying for.
          if (await pendingAttemptOf(tx, orderId)) throw new HttpError(409, PAYMENT_IN_PROGRESS);
          // A student's sale stays credited to the student whose page started it.
          const credit = existing.studentSale ? { fundraiserDeviceId: existing.fundraiserDeviceId } : {};
          await tx
            .update(orders)
            .set({ ...fields, ...credit })
            .where(eq(orders.id, orderId));
          await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
        } else {
          // The catalog the order was priced from already read the fundraiser's test mode.
          const [created] = fundraiser
            ? [fundraiser]
            : await tx
                .select({ testMode: fundraisers.testMode })
                .from(fundraisers)
                .where(eq(fundraisers.id, request.fundraiserId));
          const [inserted] = await tx
            .insert(orders)
            .values({
              ...fields,
              testMode: created?.testMode ?? false,
              ownerKeyHash: ownerKeyHash,
              studentSale: Boolean(request.isCashCheck),
            })
            .returning({ id: orders.id });
          orderId = inserted!.id;
        }
        if (priced.lines.length) await tx.insert(orderLines).values(priced.lines.map((line) => ({ ...line, orderId })));
        return orderId;
      });
    },

    /**
     * The order as the order page and checkout see it (the fundraiser's items with quantities
     * filled in), for the browser that owns it; undefined for anyone else.
     */
    async fundraiserOrder(orderId: number, ownerKeyHash: string | undefined): Promise<OrderView | undefined> {
      if (!ownerKeyHash) return undefined;
      // One prepared query: the order joined with its lines (one row per line). The fundraiser's
      // items and prices come from the lookup cache.
      const rows = await orderWithLines.execute({ orderId, ownerKeyHash });
      const order = rows[0]?.order;
      if (!order) return undefined;
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
        studentFirstName: order.studentFirstName,
        studentLastName: order.studentLastName,
        FundraiserDeviceId: order.fundraiserDeviceId,
        contactGuid: order.contactGuid,
        socialGuid: order.socialGuid,
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

    /** A paid order's receipt: its lines with option names, the supporter and the approved payment. */
    async receipt(orderId: number): Promise<Receipt | undefined> {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
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
        })
        .from(orderLines)
        .innerJoin(itemOptions, eq(itemOptions.id, orderLines.itemOptionId))
        .innerJoin(items, eq(items.id, itemOptions.itemId))
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.id));
      return {
        orderId,
        teamName: details?.teamName ?? '',
        schoolName: details?.schoolName ?? '',
        studentFirstName: order.studentFirstName,
        studentLastName: order.studentLastName,
        supporterFirstName: order.supporterFirstName ?? '',
        supporterLastName: order.supporterLastName ?? '',
        donorEmail: order.donorEmail ?? '',
        paidAt: (order.paidAt ?? order.createdAt).toISOString(),
        lines: lines.map(({ item, name, ...line }) => ({ name: `${item}: ${name}`, ...line })),
        donation: order.donation,
        shippingTotal: order.shippingTotal,
        orderTotal: order.orderTotal,
        payment: {
          paymentTypeId: order.paymentTypeId ?? PAYMENT_TYPES.card,
          brand: payment?.brand ?? '',
          last4: payment?.last4 ?? '',
          reference: payment?.gatewayRef ?? '',
          checkNumber: order.checkNumber,
        },
      };
    },

    /** A supporter's paid orders by the phone given at checkout, for texting their receipts to it; newest first. */
    paidOrdersOfSupporterPhone(phone: string, limit: number) {
      return db
        .select({ orderId: orders.id, orderTotal: orders.orderTotal })
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
