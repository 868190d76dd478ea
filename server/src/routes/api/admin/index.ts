import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminBaseUrl,
  AdminFundraiser,
  AdminFundraiserQuery,
  AdminTeam,
  AdminTicket,
  AdminTicketQuery,
  AdminTicketSummary,
  AdminVendorOfferQuery,
  AdminVendorQuery,
  ApiError,
  AvailableVendorOffersQuery,
  ComplimentaryTicket,
  ComplimentaryTicketQuery,
  DeleteTicketRequest,
  DeleteTicketResponse,
  RevokeAllResponse,
  SaveFundraiserRequest,
  SaveTeamRequest,
  SaveTicketRequest,
  SaveVendorOfferRequest,
  SaveVendorRequest,
  TicketPurchaseIdQuery,
  Vendor,
  VendorOffer,
} from '@fu/shared/contracts';
import { adminFundraiserRepository } from '../../../repositories/adminFundraisers';
import { adminTicketRepository } from '../../../repositories/adminTickets';
import { adminVendorRepository } from '../../../repositories/adminVendors';

/** The answers every admin call can give besides its own 200. */
const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 503: ApiError };

/**
 * Spec §7 "Admin (api/Admin/)": vendors, offers, tickets, teams and complimentary tickets for the
 * external admin app. The bearer token check (plugins/app/adminAuth) wraps this plugin in app.ts.
 */
const adminRoutes: FastifyPluginAsyncTypebox<{ adminBaseUrl: string }> = async (app, options) => {
  const vendors = adminVendorRepository(app.database.db);
  const tickets = adminTicketRepository(app.database.db);
  const fundraisers = adminFundraiserRepository(app.database.db);
  const tags = ['Admin'];
  const ok = <T>(schema: T) => ({ 200: schema, ...errors });

  // ---- vendors and their offers --------------------------------------------------------

  app.get('/GetVendors', { schema: { tags, response: ok(Type.Array(Vendor)) } }, () => vendors.vendors());

  app.get('/GetVendor', { schema: { tags, querystring: AdminVendorQuery, response: ok(Vendor) } }, (request) =>
    vendors.vendor(request.query.vendorId),
  );

  app.post('/SaveVendor', { schema: { tags, body: SaveVendorRequest, response: ok(Vendor) } }, (request) =>
    vendors.saveVendor(request.body),
  );

  app.get('/GetVendorOffers', { schema: { tags, response: ok(Type.Array(VendorOffer)) } }, () => vendors.allOffers());

  app.get(
    '/GetThisVendorsOffers',
    { schema: { tags, querystring: AdminVendorQuery, response: ok(Type.Array(VendorOffer)) } },
    (request) => vendors.offersOfVendor(request.query.vendorId),
  );

  app.get(
    '/GetVendorOffer',
    {
      schema: {
        tags,
        description: 'The vendor\'s offer; vendorOfferId=0 gives a blank offer for the "new offer" form.',
        querystring: AdminVendorOfferQuery,
        response: ok(VendorOffer),
      },
    },
    (request) => vendors.offerOfVendor(request.query.vendorOfferId, request.query.vendorId),
  );

  app.post(
    '/SaveVendorOffer',
    { schema: { tags, body: SaveVendorOfferRequest, response: ok(VendorOffer) } },
    (request) => vendors.saveVendorOffer(request.body),
  );

  app.get(
    '/GetAvailableVendorOffers',
    {
      schema: {
        tags,
        description:
          "Offers the fundraiser's ticket can still add: offers already on currentTicket are left out; " +
          "filterState=true keeps only vendors in the state of the fundraiser's school.",
        querystring: AvailableVendorOffersQuery,
        response: ok(Type.Array(VendorOffer)),
      },
    },
    (request) =>
      vendors.availableOffers(
        request.query.fundraiserId,
        request.query.currentTicket ?? 0,
        request.query.filterState ?? false,
      ),
  );

  // ---- tickets ------------------------------------------------------------------------

  app.get('/GetTickets', { schema: { tags, response: ok(Type.Array(AdminTicketSummary)) } }, () => tickets.tickets());

  app.get('/GetTicket', { schema: { tags, querystring: AdminTicketQuery, response: ok(AdminTicket) } }, (request) =>
    tickets.ticket(request.query.ticketId),
  );

  app.get(
    '/GetTicketByFundraiser',
    { schema: { tags, querystring: AdminFundraiserQuery, response: ok(AdminTicket) } },
    (request) => tickets.ticketByFundraiser(request.query.fundraiserId),
  );

  app.post(
    '/SaveTicket',
    {
      schema: {
        tags,
        description: 'Inserts (id 0 or absent) or updates the ticket; `offers` is its whole offer list.',
        body: SaveTicketRequest,
        response: ok(AdminTicket),
      },
    },
    (request) => tickets.saveTicket(request.body),
  );

  app.post(
    '/DeleteTicket',
    {
      schema: {
        tags,
        description: 'Refused with 409 while any purchase (paid or complimentary) holds the ticket.',
        body: DeleteTicketRequest,
        response: ok(DeleteTicketResponse),
      },
    },
    async (request) => {
      await tickets.deleteTicket(request.body.ticketId);
      return { ticketId: request.body.ticketId, deleted: true };
    },
  );

  // ---- the ticket's team --------------------------------------------------------------

  app.get('/GetTeam', { schema: { tags, querystring: AdminTicketQuery, response: ok(AdminTeam) } }, (request) =>
    tickets.teamOfTicket(request.query.ticketId),
  );

  app.post('/SaveTeam', { schema: { tags, body: SaveTeamRequest, response: ok(AdminTeam) } }, (request) =>
    tickets.saveTeam(request.body),
  );

  // ---- fundraisers (issue 9: the goal per student) ------------------------------------------

  app.get(
    '/GetFundraiser',
    { schema: { tags, querystring: AdminFundraiserQuery, response: ok(AdminFundraiser) } },
    (request) => fundraisers.fundraiser(request.query.fundraiserId),
  );

  app.post(
    '/SaveFundraiser',
    {
      schema: {
        tags,
        description:
          'Saves an existing fundraiser (id required). goalPerStudentCents: a positive whole number of cents; ' +
          'absent keeps the current goal, null puts back the default (50000, $500). Other fields are read-only.',
        body: SaveFundraiserRequest,
        response: ok(AdminFundraiser),
      },
    },
    (request) => fundraisers.saveFundraiser(request.body),
  );

  // ---- complimentary tickets (GET, as the spec lists them) -----------------------------

  app.get(
    '/CreateComplimentaryTicket',
    {
      schema: {
        tags,
        description: 'Creates one complimentary purchase (order id 0) holding qty tickets (1–100).',
        querystring: ComplimentaryTicketQuery,
        response: ok(ComplimentaryTicket),
      },
    },
    (request) => tickets.createComplimentary(request.query.ticketId, request.query.qty),
  );

  app.get(
    '/GetCurrentComplimentaryTickets',
    { schema: { tags, querystring: AdminTicketQuery, response: ok(Type.Array(ComplimentaryTicket)) } },
    (request) => tickets.currentComplimentary(request.query.ticketId),
  );

  app.get(
    '/RevokeComplimentaryTicket',
    { schema: { tags, querystring: TicketPurchaseIdQuery, response: ok(ComplimentaryTicket) } },
    (request) => tickets.revokeComplimentary(request.query.ticketPurchaseId),
  );

  app.get(
    '/RevokeAllComplimentaryTickets',
    { schema: { tags, querystring: AdminTicketQuery, response: ok(RevokeAllResponse) } },
    async (request) => ({
      ticketId: request.query.ticketId,
      revoked: await tickets.revokeAllComplimentary(request.query.ticketId),
    }),
  );

  // ---- the external admin app -----------------------------------------------------------

  app.get(
    '/GetBaseUrl',
    {
      schema: {
        tags,
        description:
          "The external admin app's base URL (ADMIN_BASE_URL). The shell reads it from /runtime-config.json.",
        response: ok(AdminBaseUrl),
      },
    },
    () => ({ url: options.adminBaseUrl }),
  );
};

export default adminRoutes;
