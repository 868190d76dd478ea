import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import type { ReceiptOrganization } from '@fu/shared/contracts';
import { adminFundraisers } from '../services/adminFundraisers';
import { adminSchools } from '../services/adminSchools';
import { adminTickets } from '../services/adminTickets';
import { adminVendors } from '../services/adminVendors';
import { endpointRoute } from '../../platform/routes/endpointRoute';

/**
 * Spec §7 "Admin (api/Admin/)": vendors, offers, tickets, teams and complimentary tickets for the
 * external admin app. The bearer token check (admin/plugins/adminAuth) wraps this plugin in app.ts.
 */
const adminRoutes: FastifyPluginAsyncTypebox<{
  adminBaseUrl: string;
  /** Who issues the receipts of a school without its own organisation (config.organization). */
  organization: ReceiptOrganization & { is501c3: boolean };
}> = async (app, options) => {
  const vendors = adminVendors(app.repositories.adminVendors);
  const tickets = adminTickets(app.database.db, app.repositories.adminTickets);
  const fundraisers = adminFundraisers(app.repositories.adminFundraisers);
  const schools = adminSchools(app.repositories.adminSchools, options.organization);
  const tags = ['Admin'];

  // ---- vendors and their offers --------------------------------------------------------

  app.route({ ...endpointRoute(endpoints.admin.getVendors, { tags }), handler: () => vendors.vendors() });

  app.route({
    ...endpointRoute(endpoints.admin.getVendor, { tags }),
    handler: (request) => vendors.vendor(request.query.vendorId),
  });

  app.route({
    ...endpointRoute(endpoints.admin.saveVendor, { tags }),
    handler: (request) => vendors.saveVendor(request.body),
  });

  app.route({ ...endpointRoute(endpoints.admin.getVendorOffers, { tags }), handler: () => vendors.allOffers() });

  app.route({
    ...endpointRoute(endpoints.admin.getThisVendorsOffers, { tags }),
    handler: (request) => vendors.offersOfVendor(request.query.vendorId),
  });

  app.route({
    ...endpointRoute(endpoints.admin.getVendorOffer, {
      tags,
      description: 'The vendor\'s offer; vendorOfferId=0 gives a blank offer for the "new offer" form.',
    }),
    handler: (request) => vendors.offerOfVendor(request.query.vendorOfferId, request.query.vendorId),
  });

  app.route({
    ...endpointRoute(endpoints.admin.saveVendorOffer, { tags }),
    handler: (request) => vendors.saveVendorOffer(request.body),
  });

  app.route({
    ...endpointRoute(endpoints.admin.getAvailableVendorOffers, {
      tags,
      description:
        "Offers the fundraiser's ticket can still add: offers already on currentTicket are left out; " +
        "filterState=true keeps only vendors in the state of the fundraiser's school.",
    }),
    handler: (request) =>
      vendors.availableOffers(
        request.query.fundraiserId,
        request.query.currentTicket ?? 0,
        request.query.filterState ?? false,
      ),
  });

  // ---- tickets ------------------------------------------------------------------------

  app.route({ ...endpointRoute(endpoints.admin.getTickets, { tags }), handler: () => tickets.tickets() });

  app.route({
    ...endpointRoute(endpoints.admin.getTicket, { tags }),
    handler: (request) => tickets.ticket(request.query.ticketId),
  });

  app.route({
    ...endpointRoute(endpoints.admin.getTicketByFundraiser, { tags }),
    handler: (request) => tickets.ticketByFundraiser(request.query.fundraiserId),
  });

  app.route({
    ...endpointRoute(endpoints.admin.saveTicket, {
      tags,
      description: 'Inserts (id 0 or absent) or updates the ticket; `offers` is its whole offer list.',
    }),
    handler: (request) => tickets.saveTicket(request.body),
  });

  app.route({
    ...endpointRoute(endpoints.admin.deleteTicket, {
      tags,
      description: 'Refused with 409 while any purchase (paid or complimentary) holds the ticket.',
    }),
    handler: async (request) => {
      await tickets.deleteTicket(request.body.ticketId);
      return { ticketId: request.body.ticketId, deleted: true };
    },
  });

  // ---- the ticket's team --------------------------------------------------------------

  app.route({
    ...endpointRoute(endpoints.admin.getTeam, { tags }),
    handler: (request) => tickets.teamOfTicket(request.query.ticketId),
  });

  app.route({
    ...endpointRoute(endpoints.admin.saveTeam, { tags }),
    handler: (request) => tickets.saveTeam(request.body),
  });

  // ---- fundraisers (issue 9: the goal per student; issue 34: privacy mode) --------------------

  app.route({
    ...endpointRoute(endpoints.admin.getFundraiser, { tags }),
    handler: (request) => fundraisers.fundraiser(request.query.fundraiserId),
  });

  app.route({
    ...endpointRoute(endpoints.admin.saveFundraiser, {
      tags,
      description:
        'Saves an existing fundraiser (id required). goalPerStudentCents: a positive whole number of cents; ' +
        'absent keeps the current goal, null puts back the default (50000, $500). privacyMode (issue 34): true ' +
        'or false turns privacy mode on or off (no leaderboard, students by first name only, link previews ' +
        'without names); absent keeps it. Other fields are read-only.',
    }),
    handler: (request) => fundraisers.saveFundraiser(request.body),
  });

  // ---- schools (issue 34: who issues their receipts) -----------------------------------------

  app.route({
    ...endpointRoute(endpoints.admin.getSchool, { tags }),
    handler: (request) => schools.school(request.query.schoolId),
  });

  app.route({
    ...endpointRoute(endpoints.admin.saveSchool, {
      tags,
      description:
        'Saves an existing school (id required). organization: the organisation that issues its receipts ' +
        "(legalName and is501c3 required, address and taxId, an EIN, optional); null: the site's (ORG_*) again; " +
        'absent: unchanged. Other fields are read-only.',
    }),
    handler: (request) => schools.saveSchool(request.body),
  });

  // ---- complimentary tickets (GET, as the spec lists them) -----------------------------

  app.route({
    ...endpointRoute(endpoints.admin.createComplimentaryTicket, {
      tags,
      description: 'Creates one complimentary purchase (order id 0) holding qty tickets (1–100).',
    }),
    handler: (request) => tickets.createComplimentary(request.query.ticketId, request.query.qty),
  });

  app.route({
    ...endpointRoute(endpoints.admin.getCurrentComplimentaryTickets, { tags }),
    handler: (request) => tickets.currentComplimentary(request.query.ticketId),
  });

  app.route({
    ...endpointRoute(endpoints.admin.revokeComplimentaryTicket, { tags }),
    handler: (request) => tickets.revokeComplimentary(request.query.ticketPurchaseId),
  });

  app.route({
    ...endpointRoute(endpoints.admin.revokeAllComplimentaryTickets, { tags }),
    handler: async (request) => ({
      ticketId: request.query.ticketId,
      revoked: await tickets.revokeAllComplimentary(request.query.ticketId),
    }),
  });

  // ---- the external admin app -----------------------------------------------------------

  app.route({
    ...endpointRoute(endpoints.admin.getBaseUrl, {
      tags,
      description: "The external admin app's base URL (ADMIN_BASE_URL). The shell reads it from /runtime-config.json.",
    }),
    handler: () => ({ url: options.adminBaseUrl }),
  });
};

export default adminRoutes;
