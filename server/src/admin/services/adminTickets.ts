import type {
  AdminTeam,
  AdminTicket,
  AdminTicketSummary,
  ComplimentaryTicket,
  SaveTeamRequest,
  SaveTicketRequest,
} from '@fu/shared/contracts';
import type { Database } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/http/errors';
import { english, text } from '../../platform/i18n/text';
import type { AdminTicketRepository } from '../repositories/adminTickets';
import { isForeignKeyViolation } from '../repositories/adminValues';

const ticketNotFound = (ticketId: number) => notFound(text('server.admin.ticketNotFound', { ticketId }));
const fundraiserNotFound = (fundraiserId: number) =>
  notFound(text('server.admin.fundraiserNotFound', { fundraiserId }));
const secondTicket = (fundraiserId: number, ticketId: number) =>
  new HttpError(409, text('server.admin.secondTicket', { fundraiserId, ticketId }));

/**
 * Admin: tickets and their offers, the ticket's team, complimentary tickets. The rules: a fundraiser
 * has one ticket (GetTicketByFundraiser and the ticket pages read one); an offer on a ticket once,
 * and kept once redeemed; a ticket anyone holds is not deleted; only complimentary purchases are
 * revoked here.
 */
export function adminTickets(db: Database, tickets: AdminTicketRepository) {
  const ticketOrFail = async (ticketId: number): Promise<AdminTicket> => {
    const ticket = await tickets.ticket(ticketId);
    if (!ticket) throw ticketNotFound(ticketId);
    return ticket;
  };

  const requireTicket = async (ticketId: number) => {
    if (!(await tickets.ticketExists(ticketId))) throw ticketNotFound(ticketId);
  };

  return {
    ticket: ticketOrFail,

    tickets: (): Promise<AdminTicketSummary[]> => tickets.tickets(),

    async ticketByFundraiser(fundraiserId: number): Promise<AdminTicket> {
      if (!(await tickets.fundraiserExists(fundraiserId))) throw fundraiserNotFound(fundraiserId);
      const ticketId = await tickets.firstTicketOf(fundraiserId);
      if (ticketId === undefined) throw notFound(text('server.admin.noTicketYet', { fundraiserId }));
      return ticketOrFail(ticketId);
    },

    /**
     * Inserts (id 0/absent) or updates a ticket and makes its offers exactly the list sent, in one
     * transaction. A second ticket for a fundraiser is refused (409), and so is removing an offer
     * that has been redeemed.
     */
    async saveTicket(body: SaveTicketRequest): Promise<AdminTicket> {
      const vendorOfferIds = body.offers.map((offer) => offer.vendorOfferId);
      const duplicate = vendorOfferIds.find((id, index) => vendorOfferIds.indexOf(id) !== index);
      if (duplicate !== undefined) {
        const listedTwice = text('server.admin.offerListedTwice', { vendorOfferId: duplicate });
        throw new HttpError(400, text('server.admin.offerTwice', { vendorOfferId: duplicate }), [
          { field: 'offers', message: english(listedTwice), text: listedTwice },
        ]);
      }
      return db.transaction(async (tx) => {
        // The fundraiser's row lock serialises saves for one fundraiser (one ticket each).
        if (!(await tickets.lockFundraiser(tx, body.fundraiserId))) throw fundraiserNotFound(body.fundraiserId);
        const known = await tickets.existingVendorOffers(tx, vendorOfferIds);
        const missing = vendorOfferIds.find((id) => !known.includes(id));
        if (missing !== undefined) throw notFound(text('server.admin.vendorOfferNotFound', { vendorOfferId: missing }));
        const other = await tickets.ticketOf(tx, body.fundraiserId);
        let ticketId: number;
        if (!body.id) {
          if (other !== undefined) throw secondTicket(body.fundraiserId, other);
          ticketId = await tickets.insertTicket(tx, body);
        } else {
          if (!(await tickets.lockTicket(tx, body.id))) throw ticketNotFound(body.id);
          if (other !== undefined && other !== body.id) throw secondTicket(body.fundraiserId, other);
          await tickets.updateTicket(tx, body.id, body);
          ticketId = body.id;
        }
        const leaving = await tickets.saveOffers(tx, ticketId, body.offers);
        if (leaving.length > 0) {
          const leavingIds = leaving.map((offer) => offer.id);
          const redeemed = await tickets.redeemedOffer(tx, leavingIds);
          if (redeemed !== undefined) {
            const offer = leaving.find((row) => row.id === redeemed)!;
            throw new HttpError(409, text('server.admin.offerRedeemed', { vendorOfferId: offer.vendorOfferId }));
          }
          await tickets.deleteOffers(tx, leavingIds);
        }
        return (await tickets.ticket(ticketId, tx))!;
      });
    },

    /** Deletes a ticket and its offers; a ticket anyone holds (any purchase, even revoked) stays. */
    async deleteTicket(ticketId: number): Promise<void> {
      const refused = () => new HttpError(409, text('server.admin.ticketHasPurchases', { ticketId }));
      try {
        await db.transaction(async (tx) => {
          // FOR UPDATE conflicts with the key-share lock a new purchase takes on its ticket.
          if (!(await tickets.lockTicket(tx, ticketId))) throw ticketNotFound(ticketId);
          if (await tickets.hasPurchases(tx, ticketId)) throw refused();
          await tickets.deleteTicket(tx, ticketId);
        });
      } catch (error) {
        // Anything else that points at the ticket (added by a later feature) is a conflict too.
        if (isForeignKeyViolation(error)) throw refused();
        throw error;
      }
    },

    async teamOfTicket(ticketId: number): Promise<AdminTeam> {
      const team = await tickets.teamOfTicket(ticketId);
      if (!team) throw ticketNotFound(ticketId);
      return team;
    },

    async saveTeam(body: SaveTeamRequest): Promise<AdminTeam> {
      const team = await tickets.saveTeam(body);
      if (!team) throw notFound(text('server.admin.teamNotFound', { teamId: body.id }));
      return team;
    },

    async createComplimentary(ticketId: number, qty: number): Promise<ComplimentaryTicket> {
      return db.transaction(async (tx) => {
        // A share lock: a DeleteTicket running now (FOR UPDATE) finishes first and this is a 404.
        if (!(await tickets.lockTicket(tx, ticketId, 'share'))) throw ticketNotFound(ticketId);
        return tickets.insertComplimentary(tx, ticketId, qty);
      });
    },

    async currentComplimentary(ticketId: number): Promise<ComplimentaryTicket[]> {
      await requireTicket(ticketId);
      return tickets.currentComplimentary(ticketId);
    },

    /** Revokes one complimentary purchase (all its tickets); a paid purchase is refused. */
    async revokeComplimentary(ticketPurchaseId: number): Promise<ComplimentaryTicket> {
      const purchase = await tickets.purchase(ticketPurchaseId);
      if (!purchase) throw notFound(text('server.admin.purchaseNotFound', { ticketPurchaseId }));
      if (purchase.orderId !== 0) {
        throw new HttpError(409, text('server.admin.purchasePaid', { ticketPurchaseId }));
      }
      return tickets.revokePurchase(purchase);
    },

    async revokeAllComplimentary(ticketId: number): Promise<number> {
      await requireTicket(ticketId);
      return tickets.revokeAllComplimentary(ticketId);
    },
  };
}
