import { and, asc, count, eq, inArray, isNull, max } from 'drizzle-orm';
import type {
  PurchasedTicket,
  TeamLink,
  TeamResponse,
  TicketFundraiserResponse,
  TicketOffer,
  TicketPurchasesResponse,
  TicketTeam,
  TicketView,
} from '@fu/shared/contracts';
import { ticketLink } from '@fu/shared/rules';
import type { Database } from '../../platform/db/client';
import {
  fundraiserItems,
  fundraisers,
  itemOptions,
  offerRedemptions,
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

export type TicketRow = typeof tickets.$inferSelect;
export type SessionRow = typeof ticketPurchaseSessions.$inferSelect;
export type PurchaseRow = typeof ticketPurchases.$inferSelect;
type TeamRow = typeof teams.$inferSelect;

/** What a guid in a ticket link names: a purchased ticket (session) or a ticket's own guid (the sample). */
export type ResolvedGuid =
  | { kind: 'session'; session: SessionRow; purchase: PurchaseRow; ticket: TicketRow }
  | { kind: 'sample'; ticket: TicketRow };

const isHttpUrl = (value: string | null): value is string => {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Up to three links in the MyTeam page's order (link 2, 3, 1); anything but http(s) is dropped. */
export function teamLinks(team: TeamRow): TeamLink[] {
  const all = [
    { number: 2, name: team.link2Name, url: team.link2Url },
    { number: 3, name: team.link3Name, url: team.link3Url },
    { number: 1, name: team.link1Name, url: team.link1Url },
  ];
  return all
    .filter((link) => isHttpUrl(link.url))
    .map((link) => ({ number: link.number, name: link.name?.trim() || `Link ${link.number}`, url: link.url! }));
}

const teamView = (team: TeamRow): TicketTeam => ({
  id: team.id,
  name: team.name,
  primaryColorHex: team.primaryColorHex,
  secondaryColorHex: team.secondaryColorHex,
  photoUrl: team.photoUrl,
  useBackgroundPhoto: team.useBackgroundPhoto,
  backgroundPhotoUrl: team.backgroundPhotoUrl,
});

/** Tickets, their offers and purchases as the ticket pages read them (spec §2 Ticket and offers). */
export function ticketRepository(db: Database) {
  async function teamRow(teamId: number): Promise<TeamRow | undefined> {
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
    return team;
  }

  async function ticketContext(ticket: TicketRow) {
    const [row] = await db
      .select({ fundraiser: fundraisers, schoolName: schools.name, team: teams })
      .from(fundraisers)
      .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
      .innerJoin(teams, eq(teams.id, fundraisers.teamId))
      .where(eq(fundraisers.id, ticket.fundraiserId));
    return row!;
  }

  async function ticketView(ticket: TicketRow): Promise<{ view: TicketView; team: TeamRow }> {
    const { fundraiser, schoolName, team } = await ticketContext(ticket);
    const photoUrls = [ticket.photoUrl, ticket.photoUrl2, ticket.photoUrl3, ticket.photoUrl4, ticket.photoUrl5].filter(
      (url): url is string => Boolean(url),
    );
    return {
      view: {
        id: ticket.id,
        guid: ticket.guid,
        name: ticket.name,
        photoUrls,
        fundraiserId: fundraiser.id,
        fundraiserName: fundraiser.name,
        schoolName,
        teamName: team.name,
        team: teamView(team),
      },
      team,
    };
  }

  async function ticketById(ticketId: number): Promise<TicketRow | undefined> {
    const [ticket] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
    return ticket;
  }

  /** The fundraiser's ticket (its sample): the first one it has. */
  async function ticketForFundraiser(fundraiserId: number): Promise<TicketRow | undefined> {
    const [ticket] = await db
      .select()
      .from(tickets)
      .where(eq(tickets.fundraiserId, fundraiserId))
      .orderBy(asc(tickets.id))
      .limit(1);
    return ticket;
  }

  async function resolve(guid: string): Promise<ResolvedGuid | undefined> {
    const value = guid.toLowerCase();
    const [row] = await db
      .select({ session: ticketPurchaseSessions, purchase: ticketPurchases, ticket: tickets })
      .from(ticketPurchaseSessions)
      .innerJoin(ticketPurchases, eq(ticketPurchases.id, ticketPurchaseSessions.ticketPurchaseId))
      .innerJoin(tickets, eq(tickets.id, ticketPurchases.ticketId))
      .where(eq(ticketPurchaseSessions.guid, value));
    if (row) return { kind: 'session', ...row };
    const [ticket] = await db.select().from(tickets).where(eq(tickets.guid, value));
    return ticket ? { kind: 'sample', ticket } : undefined;
  }

  /**
   * The ticket's offers; with a session, how often that ticket has redeemed each and, with
   * `session.withTimes`, when last. `session.purchaseGuid` is what the offers show as their
   * purchaseGuid. The caller decides who may see the purchase's own guid and the times.
   */
  async function offers(
    ticketId: number,
    session?: { id: number; purchaseGuid: string; withTimes: boolean },
    onlyOfferId?: number,
  ): Promise<TicketOffer[]> {
    const rows = await db
      .select({ offer: ticketOffers, vendorOffer: vendorOffers, vendor: vendors })
      .from(ticketOffers)
      .innerJoin(vendorOffers, eq(vendorOffers.id, ticketOffers.vendorOfferId))
      .innerJoin(vendors, eq(vendors.id, vendorOffers.vendorId))
      .where(
        onlyOfferId === undefined
          ? eq(ticketOffers.ticketId, ticketId)
          : and(eq(ticketOffers.ticketId, ticketId), eq(ticketOffers.id, onlyOfferId)),
      )
      .orderBy(asc(ticketOffers.id));
    const used = new Map<number, { n: number; last: Date | null }>();
    if (session && rows.length) {
      const counts = await db
        .select({ offerId: offerRedemptions.ticketOfferId, n: count(), last: max(offerRedemptions.redeemedAt) })
        .from(offerRedemptions)
        .where(
          and(
            eq(offerRedemptions.ticketPurchaseSessionId, session.id),
            inArray(
              offerRedemptions.ticketOfferId,
              rows.map((row) => row.offer.id),
            ),
          ),
        )
        .groupBy(offerRedemptions.ticketOfferId);
      for (const { offerId, n, last } of counts) used.set(offerId, { n: Number(n), last });
    }
    return rows.map(({ offer, vendorOffer, vendor }) => {
      const redeemedCount = used.get(offer.id)?.n ?? 0;
      const lastRedeemedAt = session?.withTimes ? used.get(offer.id)?.last : undefined;
      return {
        id: offer.id,
        ticketQty: offer.ticketQty,
        redeemedCount,
        isRedeemed: redeemedCount >= offer.ticketQty,
        lastRedeemedAt: lastRedeemedAt ? new Date(lastRedeemedAt).toISOString() : null,
        vendorOffer: {
          id: vendorOffer.id,
          name: vendorOffer.name,
          description: vendorOffer.description,
          photoUrl: vendorOffer.photoUrl,
          photoUrl2: vendorOffer.photoUrl2,
          offerTypeId: vendorOffer.offerTypeId,
          vendor: { id: vendor.id, name: vendor.name, photoUrl: vendor.photoUrl },
        },
        purchaseGuid: session?.purchaseGuid ?? null,
      };
    });
  }

  async function sessionsOf(purchaseId: number): Promise<SessionRow[]> {
    return db
      .select()
      .from(ticketPurchaseSessions)
      .where(eq(ticketPurchaseSessions.ticketPurchaseId, purchaseId))
      .orderBy(asc(ticketPurchaseSessions.id));
  }

  return {
    resolve,
    sessionsOf,

    /** Sets the phone of a ticket not activated yet (the holder may correct a typo until then). */
    async registerPhone(sessionId: number, phone: string): Promise<boolean> {
      const updated = await db
        .update(ticketPurchaseSessions)
        .set({ phone })
        .where(
          and(
            eq(ticketPurchaseSessions.id, sessionId),
            isNull(ticketPurchaseSessions.deviceTokenHash),
            isNull(ticketPurchaseSessions.keyActivatedAt),
          ),
        )
        .returning({ id: ticketPurchaseSessions.id });
      return updated.length > 0;
    },
    ticketView,
    ticketById,
    ticketForFundraiser,
    offers,

    async team(teamId: number): Promise<TeamResponse | undefined> {
      const team = await teamRow(teamId);
      return team ? { ...teamView(team), links: teamLinks(team) } : undefined;
    },

    /** The fundraiser selling a ticket-type option, and its ticket. Active fundraisers first. */
    async ticketFundraiser(
      itemsOptionId: number,
      fundraiserId?: number,
    ): Promise<TicketFundraiserResponse | undefined> {
      const [option] = await db.select().from(itemOptions).where(eq(itemOptions.id, itemsOptionId));
      if (!option || option.itemOptionTypeId <= 0) return undefined;
      const rows = await db
        .select({ fundraiser: fundraisers, ticket: tickets })
        .from(fundraiserItems)
        .innerJoin(fundraisers, eq(fundraisers.id, fundraiserItems.fundraiserId))
        .innerJoin(tickets, eq(tickets.fundraiserId, fundraisers.id))
        .where(
          fundraiserId === undefined
            ? eq(fundraiserItems.itemId, option.itemId)
            : and(eq(fundraiserItems.itemId, option.itemId), eq(fundraisers.id, fundraiserId)),
        )
        .orderBy(asc(fundraisers.id), asc(tickets.id));
      const row = rows.find((r) => r.fundraiser.isActive) ?? rows[0];
      if (!row) return undefined;
      return {
        itemsOptionId,
        fundraiserId: row.fundraiser.id,
        fundraiserName: row.fundraiser.name,
        ticketId: row.ticket.id,
        ticketGuid: row.ticket.guid,
        ticketName: row.ticket.name,
      };
    },

    /**
     * Whether the browser with this key hash made the order the purchase came from (the order's
     * `owner_key_hash`, docs/security.md). A complimentary purchase (order 0) has no buyer's browser.
     */
    async boughtInBrowser(purchase: PurchaseRow, browserKeyHash: string | undefined): Promise<boolean> {
      if (!browserKeyHash || purchase.orderId === 0) return false;
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, purchase.orderId), eq(orders.ownerKeyHash, browserKeyHash)));
      return order !== undefined;
    },

    async purchaseByGuid(guid: string): Promise<PurchaseRow | undefined> {
      const [purchase] = await db.select().from(ticketPurchases).where(eq(ticketPurchases.guid, guid.toLowerCase()));
      return purchase;
    },

    /** /ManageDiscounts: the purchase and its tickets numbered n of m; undefined if unknown or revoked. */
    async purchases(guid: string, publicUrl: string): Promise<TicketPurchasesResponse | undefined> {
      const [row] = await db
        .select({ purchase: ticketPurchases, ticket: tickets, fundraiserName: fundraisers.name })
        .from(ticketPurchases)
        .innerJoin(tickets, eq(tickets.id, ticketPurchases.ticketId))
        .innerJoin(fundraisers, eq(fundraisers.id, tickets.fundraiserId))
        .where(eq(ticketPurchases.guid, guid.toLowerCase()));
      if (!row || row.purchase.revokedAt) return undefined;
      const sessions = await sessionsOf(row.purchase.id);
      const list: PurchasedTicket[] = sessions.map((session, index) => ({
        number: index + 1,
        of: sessions.length,
        guid: session.guid,
        link: ticketLink(publicUrl, session.guid),
        phone: session.phone,
        activated: session.keyActivatedAt !== null,
        keyActivatedAt: session.keyActivatedAt?.toISOString() ?? null,
      }));
      return {
        guid: row.purchase.guid,
        orderId: row.purchase.orderId,
        isComplimentary: row.purchase.orderId === 0,
        ticketName: row.ticket.name,
        fundraiserName: row.fundraiserName,
        tickets: list,
      };
    },
  };
}

export type TicketRepository = ReturnType<typeof ticketRepository>;
