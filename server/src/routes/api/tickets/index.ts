import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FundraiserIdQuery,
  FundraisersTicketResponse,
  ItemsOptionIdQuery,
  ManifestQuery,
  SecurityStatus,
  SessionCheck,
  SessionStatus,
  TeamIdQuery,
  TeamResponse,
  TicketFundraiserResponse,
  TicketOffer,
  TicketOfferQuery,
  TicketOffers,
  TicketSession,
  TicketSessionQuery,
  TicketView,
  WebManifest,
} from '@fu/shared/contracts';
import { notFound } from '../../../errors';
import { ticketRepository } from '../../../repositories/tickets';
import { ticketManifest } from '../../../services/ticketManifest';
import { ticketWallet } from '../../../services/ticketWallet';
import { DEVICE_COOKIE } from '../../../tickets/deviceCookie';

/**
 * Spec §7 api/Tickets/: what the wallet pages read (team, ticket, offers, session and device
 * status, the web manifest). Activation, sharing and redemption are in activation.ts,
 * purchases.ts and redeem.ts.
 */
const ticketRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (app, options) => {
  const tickets = ticketRepository(app.database.db);
  const wallet = ticketWallet(app.database.db);
  const tags = ['Tickets'];

  app.get(
    '/GetTeam',
    { schema: { tags, querystring: TeamIdQuery, response: { 200: TeamResponse } } },
    async (request) => {
      const team = await tickets.team(request.query.teamId);
      if (!team) throw notFound('We could not find that team.');
      return team;
    },
  );

  app.get(
    '/GetTicketFundraiser',
    { schema: { tags, querystring: ItemsOptionIdQuery, response: { 200: TicketFundraiserResponse } } },
    async (request) => {
      const found = await tickets.ticketFundraiser(request.query.itemsOptionId, request.query.fundraiserId);
      if (!found) throw notFound('No digital ticket is sold with that option.');
      return found;
    },
  );

  app.get(
    '/GetFundraisersTicket',
    { schema: { tags, querystring: FundraiserIdQuery, response: { 200: FundraisersTicketResponse } } },
    (request) => wallet.fundraisersTicket(request.query.fundraiserId),
  );

  /** The ticket (MyTicket): a session guid, or a ticket's own guid for the sample. */
  app.get(
    '/GetTicket',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: TicketView } } },
    (request) => wallet.ticket(request.query.ticketPurchaseSessionGuid),
  );

  app.get(
    '/GetSession',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: TicketSession } } },
    (request) => wallet.session(request.query.ticketPurchaseSessionGuid, request.cookies[DEVICE_COOKIE]),
  );

  app.get(
    '/GetOffers',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: TicketOffers } } },
    (request) => wallet.offers(request.query.ticketPurchaseSessionGuid),
  );

  app.get(
    '/GetTicketOfferDetails',
    { schema: { tags, querystring: TicketOfferQuery, response: { 200: TicketOffer } } },
    (request) => wallet.offer(request.query.ticketPurchaseSessionGuid, request.query.ticketOfferId),
  );

  /** Offer, ticket and team pages: may this browser show the ticket, or where should it go instead? */
  app.get(
    '/CheckSessionStatus',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: SessionStatus } } },
    (request) => wallet.sessionStatus(request.query.ticketPurchaseSessionGuid, request.cookies[DEVICE_COOKIE]),
  );

  /** Activate and register pages (spec §4 session check). "active" means active on this device. */
  app.get(
    '/CheckSession',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: SessionCheck } } },
    (request) => wallet.sessionCheck(request.query.ticketPurchaseSessionGuid, request.cookies[DEVICE_COOKIE]),
  );

  app.get(
    '/CheckSecurityStatus',
    { schema: { tags, querystring: TicketSessionQuery, response: { 200: SecurityStatus } } },
    (request) => wallet.securityStatus(request.query.ticketPurchaseSessionGuid),
  );

  app.get(
    '/GetManifest',
    { schema: { tags, querystring: ManifestQuery, response: { 200: WebManifest } } },
    async (request, reply) => {
      const manifest = await ticketManifest(app.database.db, request.query.start_url, options.publicUrl);
      reply.type('application/manifest+json').header('cache-control', 'no-cache');
      return manifest;
    },
  );
};

export default ticketRoutes;
