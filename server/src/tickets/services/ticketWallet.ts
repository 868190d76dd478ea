import { maskPhone } from '@fu/shared/rules';
import type {
  FundraisersTicketResponse,
  SecurityStatus,
  SessionCheck,
  SessionStatus,
  TicketOffer,
  TicketSession,
  TicketView,
} from '@fu/shared/contracts';
import type { Database } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { teamLinks, ticketRepository, type TicketRepository } from '../repositories/tickets';
import { purchaseGuidFor } from './purchaseVisibility';
import { ticketAccess, type TicketAccess } from './ticketAccess';

/**
 * What the wallet pages (MyOffers, MyTicket, MyTeam, the activate pages' first look) read about a
 * ticket, each answer from the ticket's access state for this browser (tickets/services/ticketAccess.ts).
 * `browserKeyHash` (the browser key, docs/security.md) decides only whether the purchase's guid is
 * shown: to the browser that bought it.
 */
export function ticketWallet(
  db: Database,
  options: { repeatWarningMinutes: number },
  // The routes pass the app's; the shell page's plugin (being rewritten elsewhere) still has one built here.
  tickets: TicketRepository = ticketRepository(db),
) {
  const access = ticketAccess(tickets);

  /**
   * The offers of a ticket. A purchased ticket's show its purchase guid to its buyer, its own guid to
   * anyone else; when it last used each, only to the device that holds it (the session guid is also
   * on the buyer's page: the buyer need not learn when a friend uses the ticket).
   */
  const offersOf = async (ticket: TicketAccess, browserKeyHash: string | undefined, onlyOfferId?: number) => {
    if (ticket.state === 'sample') return tickets.offers(ticket.ticket.id, undefined, onlyOfferId);
    const purchaseGuid = (await purchaseGuidFor(tickets, ticket.purchase, browserKeyHash)) ?? ticket.session.guid;
    const withTimes = ticket.state === 'boundHere' || (ticket.state === 'revoked' && ticket.heldHere);
    return tickets.offers(ticket.ticket.id, { id: ticket.session.id, purchaseGuid, withTimes }, onlyOfferId);
  };

  return {
    /** MyTicket: a session guid, or a ticket's own guid for the sample. */
    async ticket(guid: string): Promise<TicketView> {
      const { ticket } = await access.orFail(guid);
      return (await tickets.ticketView(ticket)).view;
    },

    /** The fundraiser's ticket (its sample) with its offers. */
    async fundraisersTicket(fundraiserId: number): Promise<FundraisersTicketResponse> {
      const ticket = await tickets.ticketForFundraiser(fundraiserId);
      if (!ticket) throw notFound('This fundraiser has no digital ticket.');
      return { ticket: (await tickets.ticketView(ticket)).view, offers: await tickets.offers(ticket.id) };
    },

    /**
     * The ticket and its holder; the phone is masked unless this browser holds the ticket, and the
     * purchase guid goes only to the browser that bought it.
     */
    async session(
      guid: string,
      deviceCookie: string | undefined,
      browserKeyHash: string | undefined,
    ): Promise<TicketSession> {
      const found = await access.orFail(guid, deviceCookie);
      const { view, team } = await tickets.ticketView(found.ticket);
      const common = { ticket: view, teamLinks: teamLinks(team), repeatWarningMinutes: options.repeatWarningMinutes };
      if (found.state === 'sample') {
        return {
          ...common,
          guid: found.ticket.guid,
          isTicket: true,
          isSession: false,
          keyActivatedAt: null,
          phone: null,
          deviceBound: false,
          inactive: false,
          ticketPurchaseGuid: null,
        };
      }
      const { session, purchase } = found;
      const here = found.state === 'boundHere' || (found.state === 'revoked' && found.heldHere);
      return {
        ...common,
        guid: session.guid,
        isTicket: false,
        isSession: true,
        keyActivatedAt: session.keyActivatedAt?.toISOString() ?? null,
        phone: session.phone ? (here ? session.phone : maskPhone(session.phone)) : null,
        deviceBound: here,
        inactive: found.state === 'revoked',
        ticketPurchaseGuid: await purchaseGuidFor(tickets, purchase, browserKeyHash),
      };
    },

    /** The ticket's offers; for a purchased ticket, how often it redeemed each and (on its device) when last. */
    async offers(guid: string, deviceCookie: string | undefined, browserKeyHash: string | undefined) {
      return offersOf(await access.orFail(guid, deviceCookie), browserKeyHash);
    },

    async offer(
      guid: string,
      ticketOfferId: number,
      deviceCookie: string | undefined,
      browserKeyHash: string | undefined,
    ): Promise<TicketOffer> {
      const [offer] = await offersOf(await access.orFail(guid, deviceCookie), browserKeyHash, ticketOfferId);
      if (!offer) throw notFound('That offer is not on this ticket.');
      return offer;
    },

    /** Offer, ticket and team pages: may this browser show the ticket, or where should it go instead? */
    async sessionStatus(guid: string, deviceCookie: string | undefined): Promise<SessionStatus> {
      const found = await access.orFail(guid, deviceCookie);
      const refused = { success: false, sample: false, redirect: null, inactive: false };
      switch (found.state) {
        case 'sample':
          return { ...refused, success: true, sample: true };
        case 'revoked':
          return { ...refused, inactive: true };
        case 'unactivated': {
          const page = found.importedActive ? 'ReactivateTicket' : 'ActivateTicket';
          return { ...refused, redirect: `/${page}/${found.session.guid}` };
        }
        case 'boundElsewhere':
          return { ...refused, redirect: `/ReactivateTicket/${found.session.guid}` };
        case 'boundHere':
          return { ...refused, success: true };
      }
    },

    /** Activate and register pages (spec §4 session check): "active" means active on this device. */
    async sessionCheck(guid: string, deviceCookie: string | undefined): Promise<SessionCheck> {
      const found = await access.orFail(guid, deviceCookie);
      const base = { success: true, redirect: null, active: false, sample: false, deactivated: false };
      switch (found.state) {
        case 'sample':
          return { ...base, sample: true, redirect: `/MyOffers/${found.ticket.guid}/` };
        case 'revoked':
          return { ...base, deactivated: true, redirect: `/MyOffers/${found.session.guid}/` };
        case 'boundHere':
          return { ...base, active: true, redirect: `/MyOffers/${found.session.guid}/` };
        case 'boundElsewhere':
          return { ...base, redirect: `/ReactivateTicket/${found.session.guid}` };
        case 'unactivated':
          return found.importedActive ? { ...base, redirect: `/ReactivateTicket/${found.session.guid}` } : base;
      }
    },

    /** The sample may be shown to anyone. */
    async securityStatus(guid: string): Promise<SecurityStatus> {
      return { allowAll: (await access.orFail(guid)).state === 'sample' };
    },
  };
}
