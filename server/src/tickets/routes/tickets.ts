import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { notFound } from '../../platform/http/errors';
import { ticketManifest } from '../services/ticketManifest';
import { ticketWallet } from '../services/ticketWallet';
import { DEVICE_COOKIE, setDeviceCookie } from '../deviceCookie';
import { cookieNeedsHttps } from '../../platform/http/secureCookies';
import { endpointRoute } from '../../platform/routes/endpointRoute';

/**
 * Spec §7 api/Tickets/: what the wallet pages read (team, ticket, offers, session and device
 * status, the web manifest). Activation, sharing and redemption are in activation.ts,
 * purchases.ts and redeem.ts.
 */
const ticketRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string; repeatWarningMinutes: number }> = async (
  app,
  options,
) => {
  const { tickets } = app.repositories;
  const wallet = ticketWallet(app.database.db, { repeatWarningMinutes: options.repeatWarningMinutes }, tickets);
  const tags = ['Tickets'];

  app.route({
    ...endpointRoute(endpoints.tickets.getTeam, { tags }),
    handler: async (request) => {
      const team = await tickets.team(request.query.teamId);
      if (!team) throw notFound('We could not find that team.');
      return team;
    },
  });

  app.route({
    ...endpointRoute(endpoints.tickets.getTicketFundraiser, { tags }),
    handler: async (request) => {
      const found = await tickets.ticketFundraiser(request.query.itemsOptionId, request.query.fundraiserId);
      if (!found) throw notFound('No digital ticket is sold with that option.');
      return found;
    },
  });

  app.route({
    ...endpointRoute(endpoints.tickets.getFundraisersTicket, { tags }),
    handler: (request) => wallet.fundraisersTicket(request.query.fundraiserId),
  });

  /** The ticket (MyTicket): a session guid, or a ticket's own guid for the sample. */
  app.route({
    ...endpointRoute(endpoints.tickets.getTicket, { tags }),
    handler: (request) => wallet.ticket(request.query.ticketPurchaseSessionGuid),
  });

  app.route({
    ...endpointRoute(endpoints.tickets.getSession, { tags }),
    handler: (request) =>
      wallet.session(request.query.ticketPurchaseSessionGuid, request.cookies[DEVICE_COOKIE], request.browserKeyHash()),
  });

  app.route({
    ...endpointRoute(endpoints.tickets.getOffers, { tags }),
    handler: (request) =>
      wallet.offers(request.query.ticketPurchaseSessionGuid, request.cookies[DEVICE_COOKIE], request.browserKeyHash()),
  });

  app.route({
    ...endpointRoute(endpoints.tickets.getTicketOfferDetails, { tags }),
    handler: (request) =>
      wallet.offer(
        request.query.ticketPurchaseSessionGuid,
        request.query.ticketOfferId,
        request.cookies[DEVICE_COOKIE],
        request.browserKeyHash(),
      ),
  });

  /** Offer, ticket and team pages: may this browser show the ticket, or where should it go instead? */
  app.route({
    ...endpointRoute(endpoints.tickets.checkSessionStatus, { tags }),
    handler: async (request, reply) => {
      const device = request.cookies[DEVICE_COOKIE];
      const status = await wallet.sessionStatus(request.query.ticketPurchaseSessionGuid, device);
      // The holder's browser: its cookies again on every path, so a browser bound (or a buyer's key
      // made) before the offers page had them gets them there, and its served wallet is all its own.
      if (device && status.success && !status.sample) {
        setDeviceCookie(reply, device, cookieNeedsHttps(request, options.publicUrl));
        if (request.browserKeyHash()) reply.browserKey();
      }
      return status;
    },
  });

  /** Activate and register pages (spec §4 session check). "active" means active on this device. */
  app.route({
    ...endpointRoute(endpoints.tickets.checkSession, { tags }),
    handler: (request) => wallet.sessionCheck(request.query.ticketPurchaseSessionGuid, request.cookies[DEVICE_COOKIE]),
  });

  app.route({
    ...endpointRoute(endpoints.tickets.checkSecurityStatus, { tags }),
    handler: (request) => wallet.securityStatus(request.query.ticketPurchaseSessionGuid),
  });

  app.route({
    ...endpointRoute(endpoints.tickets.getManifest, { tags }),
    handler: async (request, reply) => {
      const manifest = await ticketManifest(tickets, request.query.start_url, options.publicUrl);
      reply.type('application/manifest+json').header('cache-control', 'no-cache');
      return manifest;
    },
  });
};

export default ticketRoutes;
