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
import { invalidateLookups } from '../cache/lookupCache';
import type { Database } from '../db/client';
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
} from '../db/schema';
import { HttpError, notFound } from '../errors';
import { blankToNull, hexOrNull, isForeignKeyViolation } from './adminValues';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
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

const ticketNotFound = (ticketId: number) => notFound(`Ticket ${ticketId} not found.`);

/** Admin: tickets with their offers, the ticket's team, and complimentary tickets. */
export function adminTicketRepository(db: Database) {
  async function ticketRow(executor: Executor, ticketId: number) {
    const [row] = await executor.select().from(tickets).where(eq(tickets.id, ticketId));
    if (!row) throw ticketNotFound(ticketId);
    return row;
  }

  async function ticket(ticketId: number, executor: Executor = db): Promise<AdminTicket> {
    const row = await ticketRow(executor, ticketId);
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

  async function requireFundraiser(executor: Executor, fundraiserId: number, lock = false) {
    const query = executor.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(`Fundraiser ${fundraiserId} not found.`);
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
    ticket: (ticketId: number) => ticket(ticketId),

    async ticketByFundraiser(fundraiserId: number): Promise<AdminTicket> {
      await requireFundraiser(db, fundraiserId);
      const [row] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.fundraiserId, fundraiserId))
        .orderBy(asc(tickets.id))
        .limit(1);
      if (!row) throw notFound(`Fundraiser ${fundraiserId} has no ticket yet.`);
      return ticket(row.id);
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

    /**
     * Inserts (id 0/absent) or updates a ticket and makes its offers exactly the list sent, in one
     * transaction. A fundraiser has one ticket (GetTicketByFundraiser, the ticket pages): a second
     * is refused. An offer that has been redeemed stays; removing it is refused with 409.
     */
    async saveTicket(body: SaveTicketRequest): Promise<AdminTicket> {
      const vendorOfferIds = body.offers.map((offer) => offer.vendorOfferId);
      const duplicate = vendorOfferIds.find((id, index) => vendorOfferIds.indexOf(id) !== index);
      if (duplicate !== undefined) {
        throw new HttpError(400, `Vendor offer ${duplicate} is on the ticket twice.`, [
          { field: 'offers', message: `Vendor offer ${duplicate} is listed more than once.` },
        ]);
      }
      return db.transaction(async (tx) => {
        // The fundraiser's row lock serialises saves for one fundraiser (one ticket each).
        await requireFundraiser(tx, body.fundraiserId, true);
        if (vendorOfferIds.length > 0) {
          const known = await tx
            .select({ id: vendorOffers.id })
            .from(vendorOffers)
            .where(inArray(vendorOffers.id, vendorOfferIds));
          const missing = vendorOfferIds.find((id) => !known.some((row) => row.id === id));
          if (missing !== undefined) throw notFound(`Vendor offer ${missing} not found.`);
        }
        const [other] = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(eq(tickets.fundraiserId, body.fundraiserId));
        const values = {
          fundraiserId: body.fundraiserId,
          name: body.name.trim(),
          photoUrl: blankToNull(body.photoUrl),
          photoUrl2: blankToNull(body.photoUrl2),
          photoUrl3: blankToNull(body.photoUrl3),
          photoUrl4: blankToNull(body.photoUrl4),
          photoUrl5: blankToNull(body.photoUrl5),
        };
        let ticketId: number;
        if (!body.id) {
          if (other) throw new HttpError(409, `Fundraiser ${body.fundraiserId} already has ticket ${other.id}.`);
          const [row] = await tx
            .insert(tickets)
            .values({ ...values, guid: randomUUID() })
            .returning({ id: tickets.id });
          ticketId = row!.id;
        } else {
          const [current] = await tx.select().from(tickets).where(eq(tickets.id, body.id)).for('update');
          if (!current) throw ticketNotFound(body.id);
          if (other && other.id !== body.id) {
            throw new HttpError(409, `Fundraiser ${body.fundraiserId} already has ticket ${other.id}.`);
          }
          await tx.update(tickets).set(values).where(eq(tickets.id, body.id));
          ticketId = body.id;
        }

        const saved = await tx.select().from(ticketOffers).where(eq(ticketOffers.ticketId, ticketId));
        for (const offer of body.offers) {
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
        const removed = saved.filter((row) => !vendorOfferIds.includes(row.vendorOfferId)).map((row) => row.id);
        if (removed.length > 0) {
          const [used] = await tx
            .select({ ticketOfferId: offerRedemptions.ticketOfferId })
            .from(offerRedemptions)
            .where(inArray(offerRedemptions.ticketOfferId, removed))
            .limit(1);
          if (used) {
            const offer = saved.find((row) => row.id === used.ticketOfferId)!;
            throw new HttpError(
              409,
              `Vendor offer ${offer.vendorOfferId} has been redeemed on this ticket, so it cannot be removed.`,
            );
          }
          await tx.delete(ticketOffers).where(inArray(ticketOffers.id, removed));
        }
        return ticket(ticketId, tx);
      });
    },

    /** Deletes a ticket and its offers; a ticket anyone holds (any purchase, even revoked) stays. */
    async deleteTicket(ticketId: number): Promise<void> {
      const refused = () =>
        new HttpError(
          409,
          `Ticket ${ticketId} has purchases (paid or complimentary), so it cannot be deleted. Revoke complimentary tickets instead.`,
        );
      try {
        await db.transaction(async (tx) => {
          // FOR UPDATE conflicts with the key-share lock a new purchase takes on its ticket.
          const [row] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId)).for('update');
          if (!row) throw ticketNotFound(ticketId);
          const [held] = await tx
            .select({ id: ticketPurchases.id })
            .from(ticketPurchases)
            .where(eq(ticketPurchases.ticketId, ticketId))
            .limit(1);
          if (held) throw refused();
          await tx.delete(ticketOffers).where(eq(ticketOffers.ticketId, ticketId));
          await tx.delete(tickets).where(eq(tickets.id, ticketId));
        });
      } catch (error) {
        // Anything else that points at the ticket (added by a later feature) is a conflict too.
        if (isForeignKeyViolation(error)) throw refused();
        throw error;
      }
    },

    /** GetTeam: the team of the ticket's fundraiser. */
    async teamOfTicket(ticketId: number): Promise<AdminTeam> {
      const [row] = await db
        .select(teamColumns)
        .from(tickets)
        .innerJoin(fundraisers, eq(fundraisers.id, tickets.fundraiserId))
        .innerJoin(teams, eq(teams.id, fundraisers.teamId))
        .where(eq(tickets.id, ticketId));
      if (!row) throw ticketNotFound(ticketId);
      return row;
    },

    async saveTeam(body: SaveTeamRequest): Promise<AdminTeam> {
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
      if (!row) throw notFound(`Team ${body.id} not found.`);
      // Team names, colours and photos appear in the cached fundraiser lookups and order pages.
      await invalidateLookups(db);
      return row;
    },

    /** One complimentary purchase (order id 0) holding `qty` tickets: "Ticket n of m" on its page. */
    async createComplimentary(ticketId: number, qty: number): Promise<ComplimentaryTicket> {
      return db.transaction(async (tx) => {
        // A share lock: a DeleteTicket running now (FOR UPDATE) finishes first and this is a 404.
        const [held] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId)).for('share');
        if (!held) throw ticketNotFound(ticketId);
        const [purchase] = await tx
          .insert(ticketPurchases)
          .values({ guid: randomUUID(), ticketId, orderId: 0 })
          .returning();
        await tx
          .insert(ticketPurchaseSessions)
          .values(Array.from({ length: qty }, () => ({ guid: randomUUID(), ticketPurchaseId: purchase!.id })));
        const [created] = await complimentary(tx, [purchase!]);
        return created!;
      });
    },

    async currentComplimentary(ticketId: number): Promise<ComplimentaryTicket[]> {
      await ticketRow(db, ticketId);
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

    /** Revokes one complimentary purchase (all its tickets); revoking twice keeps the first time. */
    async revokeComplimentary(ticketPurchaseId: number): Promise<ComplimentaryTicket> {
      const [purchase] = await db.select().from(ticketPurchases).where(eq(ticketPurchases.id, ticketPurchaseId));
      if (!purchase) throw notFound(`Ticket purchase ${ticketPurchaseId} not found.`);
      if (purchase.orderId !== 0) {
        throw new HttpError(
          409,
          `Ticket purchase ${ticketPurchaseId} was paid for; only complimentary tickets can be revoked.`,
        );
      }
      const [revoked] = await db
        .update(ticketPurchases)
        .set({ revokedAt: new Date() })
        .where(and(eq(ticketPurchases.id, ticketPurchaseId), isNull(ticketPurchases.revokedAt)))
        .returning();
      const [answer] = await complimentary(db, [revoked ?? purchase]);
      return answer!;
    },

    async revokeAllComplimentary(ticketId: number): Promise<number> {
      await ticketRow(db, ticketId);
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
