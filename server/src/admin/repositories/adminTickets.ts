import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type {
  AdminTeam,
  AdminTicket,
  AdminTicketSummary,
  ComplimentaryTicket,
  SaveTeamRequest,
  SaveTicketRequest,
} from '@fu/shared/contracts';
import { invalidateLookups } from '../../platform/cache/lookupCache';
import type { Database, Executor } from '../../platform/db/client';
import {
  fundraisers,
  offerRedemptions,
  schools,
  teams,
  ticketOffers,
  ticketPurchaseSessions,
  ticketPurchases,
  tickets,
  vendorOffers,
  vendors,
} from '../../platform/db/schema';
import { blankToNull, hexOrNull } from './adminValues';

type PurchaseRow = typeof ticketPurchases.$inferSelect;

const teamColumns = {
  id: teams.id,
  name: teams.name,
  primaryColorHex: teams.primaryColorHex,
  secondaryColorHex: teams.secondaryColorHex,
  photoUrl: teams.photoUrl,
  useBackgroundPhoto: teams.useBackgroundPhoto,
  backgroundPhotoUrl: teams.backgroundPhotoUrl,
  link1Url: teams.link1Url,
  link1Name: teams.link1Name,
  link2Url: teams.link2Url,
  link2Name: teams.link2Name,
  link3Url: teams.link3Url,
  link3Name: teams.link3Name,
};

/** A ticket's own fields as the admin form sends them, stored as the pages read them. */
const ticketValues = (body: SaveTicketRequest) => ({
  fundraiserId: body.fundraiserId,
  name: body.name.trim(),
  photoUrl: blankToNull(body.photoUrl),
  photoUrl2: blankToNull(body.photoUrl2),
  photoUrl3: blankToNull(body.photoUrl3),
  photoUrl4: blankToNull(body.photoUrl4),
  photoUrl5: blankToNull(body.photoUrl5),
});

/**
 * Admin: tickets with their offers, the ticket's team, and complimentary tickets. Reads answer
 * undefined for a row that is not there; the statements taking an Executor run in the transaction of
 * the service that decides (admin/services/adminTickets.ts).
 */
export function adminTicketRepository(db: Database) {
  async function ticket(ticketId: number, executor: Executor = db): Promise<AdminTicket | undefined> {
    const [row] = await executor.select().from(tickets).where(eq(tickets.id, ticketId));
    if (!row) return undefined;
    const offers = await executor
      .select({
        id: ticketOffers.id,
        vendorOfferId: ticketOffers.vendorOfferId,
        ticketQty: ticketOffers.ticketQty,
        name: vendorOffers.name,
        vendorId: vendors.id,
        vendorName: vendors.name,
      })
      .from(ticketOffers)
      .innerJoin(vendorOffers, eq(vendorOffers.id, ticketOffers.vendorOfferId))
      .innerJoin(vendors, eq(vendors.id, vendorOffers.vendorId))
      .where(eq(ticketOffers.ticketId, ticketId))
      .orderBy(asc(ticketOffers.id));
    return {
      id: row.id,
      guid: row.guid,
      fundraiserId: row.fundraiserId,
      name: row.name,
      photoUrl: row.photoUrl,
      photoUrl2: row.photoUrl2,
      photoUrl3: row.photoUrl3,
      photoUrl4: row.photoUrl4,
      photoUrl5: row.photoUrl5,
      offers,
    };
  }

  async function complimentary(executor: Executor, purchases: PurchaseRow[]): Promise<ComplimentaryTicket[]> {
    if (purchases.length === 0) return [];
    const sessions = await executor
      .select()
      .from(ticketPurchaseSessions)
      .where(
        inArray(
          ticketPurchaseSessions.ticketPurchaseId,
          purchases.map((purchase) => purchase.id),
        ),
      )
      .orderBy(asc(ticketPurchaseSessions.id));
    return purchases.map((purchase) => ({
      id: purchase.id,
      guid: purchase.guid,
      ticketId: purchase.ticketId,
      orderId: purchase.orderId,
      createdAt: purchase.createdAt.toISOString(),
      revokedAt: purchase.revokedAt?.toISOString() ?? null,
      sessions: sessions
        .filter((session) => session.ticketPurchaseId === purchase.id)
        .map((session) => ({
          id: session.id,
          guid: session.guid,
          phone: session.phone,
          activatedAt: session.keyActivatedAt?.toISOString() ?? null,
        })),
    }));
  }

  return {
    ticket,

    async ticketExists(ticketId: number): Promise<boolean> {
      const [row] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId));
      return row !== undefined;
    },

    async fundraiserExists(fundraiserId: number): Promise<boolean> {
      const [row] = await db.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
      return row !== undefined;
    },

    /** The fundraiser's first ticket (the lowest id), if it has one. */
    async firstTicketOf(fundraiserId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.fundraiserId, fundraiserId))
        .orderBy(asc(tickets.id))
        .limit(1);
      return row?.id;
    },

    async tickets(): Promise<AdminTicketSummary[]> {
      const offerCounts = db
        .select({ ticketId: ticketOffers.ticketId, offers: count().as('offers') })
        .from(ticketOffers)
        .groupBy(ticketOffers.ticketId)
        .as('offer_counts');
      const rows = await db
        .select({
          id: tickets.id,
          guid: tickets.guid,
          fundraiserId: tickets.fundraiserId,
          fundraiserName: fundraisers.name,
          schoolName: schools.name,
          name: tickets.name,
          offerCount: offerCounts.offers,
        })
        .from(tickets)
        .innerJoin(fundraisers, eq(fundraisers.id, tickets.fundraiserId))
        .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
        .leftJoin(offerCounts, eq(offerCounts.ticketId, tickets.id))
        .orderBy(asc(tickets.id));
      return rows.map((row) => ({ ...row, offerCount: Number(row.offerCount ?? 0) }));
    },

    /** Locks the fundraiser's row (FOR UPDATE); false when there is none. */
    async lockFundraiser(tx: Executor, fundraiserId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: fundraisers.id })
        .from(fundraisers)
        .where(eq(fundraisers.id, fundraiserId))
        .for('update');
      return row !== undefined;
    },

    /** Which of these vendor offers exist. */
    async existingVendorOffers(tx: Executor, vendorOfferIds: number[]): Promise<number[]> {
      if (vendorOfferIds.length === 0) return [];
      const rows = await tx
        .select({ id: vendorOffers.id })
        .from(vendorOffers)
        .where(inArray(vendorOffers.id, vendorOfferIds));
      return rows.map((row) => row.id);
    },

    /** A ticket of the fundraiser, if it has one. */
    async ticketOf(tx: Executor, fundraiserId: number): Promise<number | undefined> {
      const [row] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.fundraiserId, fundraiserId));
      return row?.id;
    },

    async insertTicket(tx: Executor, body: SaveTicketRequest): Promise<number> {
      const [row] = await tx
        .insert(tickets)
        .values({ ...ticketValues(body), guid: randomUUID() })
        .returning({ id: tickets.id });
      return row!.id;
    },

    /** Locks the ticket's row: FOR UPDATE, or FOR SHARE (`share`); false when there is none. */
    async lockTicket(tx: Executor, ticketId: number, mode: 'update' | 'share' = 'update'): Promise<boolean> {
      const [row] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId)).for(mode);
      return row !== undefined;
    },

    async updateTicket(tx: Executor, ticketId: number, body: SaveTicketRequest): Promise<void> {
      await tx.update(tickets).set(ticketValues(body)).where(eq(tickets.id, ticketId));
    },

    /**
     * Puts the listed offers on the ticket (quantities updated, new ones added; an offer kept keeps
     * its id, which redemptions point at) and answers the ticket's offers that are not listed.
     */
    async saveOffers(
      tx: Executor,
      ticketId: number,
      offers: SaveTicketRequest['offers'],
    ): Promise<{ id: number; vendorOfferId: number }[]> {
      const saved = await tx.select().from(ticketOffers).where(eq(ticketOffers.ticketId, ticketId));
      for (const offer of offers) {
        const existing = saved.find((row) => row.vendorOfferId === offer.vendorOfferId);
        if (existing) {
          if (existing.ticketQty !== offer.ticketQty) {
            await tx.update(ticketOffers).set({ ticketQty: offer.ticketQty }).where(eq(ticketOffers.id, existing.id));
          }
        } else {
          await tx
            .insert(ticketOffers)
            .values({ ticketId, vendorOfferId: offer.vendorOfferId, ticketQty: offer.ticketQty });
        }
      }
      return saved.filter((row) => !offers.some((offer) => offer.vendorOfferId === row.vendorOfferId));
    },

    /** One of these ticket offers that has been redeemed, if any has. */
    async redeemedOffer(tx: Executor, ticketOfferIds: number[]): Promise<number | undefined> {
      const [used] = await tx
        .select({ ticketOfferId: offerRedemptions.ticketOfferId })
        .from(offerRedemptions)
        .where(inArray(offerRedemptions.ticketOfferId, ticketOfferIds))
        .limit(1);
      return used?.ticketOfferId;
    },

    async deleteOffers(tx: Executor, ticketOfferIds: number[]): Promise<void> {
      await tx.delete(ticketOffers).where(inArray(ticketOffers.id, ticketOfferIds));
    },

    /** Whether any purchase, paid or complimentary, revoked or not, holds the ticket. */
    async hasPurchases(tx: Executor, ticketId: number): Promise<boolean> {
      const [held] = await tx
        .select({ id: ticketPurchases.id })
        .from(ticketPurchases)
        .where(eq(ticketPurchases.ticketId, ticketId))
        .limit(1);
      return held !== undefined;
    },

    /** Deletes the ticket and its offers. */
    async deleteTicket(tx: Executor, ticketId: number): Promise<void> {
      await tx.delete(ticketOffers).where(eq(ticketOffers.ticketId, ticketId));
      await tx.delete(tickets).where(eq(tickets.id, ticketId));
    },

    /** GetTeam: the team of the ticket's fundraiser. */
    async teamOfTicket(ticketId: number): Promise<AdminTeam | undefined> {
      const [row] = await db
        .select(teamColumns)
        .from(tickets)
        .innerJoin(fundraisers, eq(fundraisers.id, tickets.fundraiserId))
        .innerJoin(teams, eq(teams.id, fundraisers.teamId))
        .where(eq(tickets.id, ticketId));
      return row;
    },

    /** Saves the team; undefined when there is no team `body.id`. */
    async saveTeam(body: SaveTeamRequest): Promise<AdminTeam | undefined> {
      const [row] = await db
        .update(teams)
        .set({
          name: body.name.trim(),
          primaryColorHex: hexOrNull(body.primaryColorHex),
          secondaryColorHex: hexOrNull(body.secondaryColorHex),
          photoUrl: blankToNull(body.photoUrl),
          useBackgroundPhoto: body.useBackgroundPhoto ?? false,
          backgroundPhotoUrl: blankToNull(body.backgroundPhotoUrl),
          link1Url: blankToNull(body.link1Url),
          link1Name: blankToNull(body.link1Name),
          link2Url: blankToNull(body.link2Url),
          link2Name: blankToNull(body.link2Name),
          link3Url: blankToNull(body.link3Url),
          link3Name: blankToNull(body.link3Name),
        })
        .where(eq(teams.id, body.id))
        .returning(teamColumns);
      if (!row) return undefined;
      // Team names, colours and photos appear in the cached fundraiser lookups and order pages.
      await invalidateLookups(db);
      return row;
    },

    /** One complimentary purchase (order id 0) holding `qty` tickets: "Ticket n of m" on its page. */
    async insertComplimentary(tx: Executor, ticketId: number, qty: number): Promise<ComplimentaryTicket> {
      const [purchase] = await tx
        .insert(ticketPurchases)
        .values({ guid: randomUUID(), ticketId, orderId: 0 })
        .returning();
      await tx
        .insert(ticketPurchaseSessions)
        .values(Array.from({ length: qty }, () => ({ guid: randomUUID(), ticketPurchaseId: purchase!.id })));
      const [created] = await complimentary(tx, [purchase!]);
      return created!;
    },

    /** The ticket's complimentary purchases not revoked. */
    async currentComplimentary(ticketId: number): Promise<ComplimentaryTicket[]> {
      const purchases = await db
        .select()
        .from(ticketPurchases)
        .where(
          and(
            eq(ticketPurchases.ticketId, ticketId),
            eq(ticketPurchases.orderId, 0),
            isNull(ticketPurchases.revokedAt),
          ),
        )
        .orderBy(asc(ticketPurchases.id));
      return complimentary(db, purchases);
    },

    async purchase(ticketPurchaseId: number): Promise<PurchaseRow | undefined> {
      const [row] = await db.select().from(ticketPurchases).where(eq(ticketPurchases.id, ticketPurchaseId));
      return row;
    },

    /** Revokes the purchase (all its tickets); revoking twice keeps the first time. */
    async revokePurchase(purchase: PurchaseRow): Promise<ComplimentaryTicket> {
      const [revoked] = await db
        .update(ticketPurchases)
        .set({ revokedAt: new Date() })
        .where(and(eq(ticketPurchases.id, purchase.id), isNull(ticketPurchases.revokedAt)))
        .returning();
      const [answer] = await complimentary(db, [revoked ?? purchase]);
      return answer!;
    },

    /** Revokes every complimentary purchase of the ticket not revoked yet; answers how many. */
    async revokeAllComplimentary(ticketId: number): Promise<number> {
      const revoked = await db
        .update(ticketPurchases)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(ticketPurchases.ticketId, ticketId),
            eq(ticketPurchases.orderId, 0),
            isNull(ticketPurchases.revokedAt),
          ),
        )
        .returning({ id: ticketPurchases.id });
      return revoked.length;
    },
  };
}

export type AdminTicketRepository = ReturnType<typeof adminTicketRepository>;
