import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { TICKET_MESSAGES } from '@fu/shared/contracts';
import { notFound } from '../../platform/http/errors';
import { requestLanguage } from '../../platform/http/requestLanguage';
import { shareTicket } from '../services/ticketSharing';
import { phoneToShareWith } from '../phone';
import { refusePhonesOutOfTexts } from './perPhoneLimit';
import { endpointRoute } from '../../platform/routes/endpointRoute';

/** Spec §7 api/Tickets/ behind ManageDiscounts: a purchase's tickets, and texting one's link. */
const ticketPurchaseRoutes: FastifyPluginAsyncTypebox<{
  publicUrl: string;
  smsPerMinute: number;
  shareLinkDays: number;
}> = async (app, options) => {
  const { tickets } = app.repositories;
  const tags = ['Tickets'];

  app.route({
    ...endpointRoute(endpoints.tickets.getTicketPurchases, { tags }),
    handler: async (request) => {
      const purchases = await tickets.purchases(request.query.ticketPurchaseGuid, options.publicUrl);
      if (!purchases) throw notFound(TICKET_MESSAGES.noPurchase);
      return purchases;
    },
  });

  app.route({
    ...endpointRoute(endpoints.tickets.shareTicketPurchase, {
      config: { rateLimit: { max: options.smsPerMinute, timeWindow: '1 minute' } },
      tags,
    }),
    preHandler: refusePhonesOutOfTexts(app.sms),
    handler: async (request) =>
      shareTicket(app.database.db, app.repositories, app.sms, {
        phone: phoneToShareWith(request.query.phoneNumber),
        purchaseGuid: request.query.ticketPurchaseGuid,
        sessionGuid: request.query.ticketPurchaseSessionGuid,
        publicUrl: options.publicUrl,
        linkDays: options.shareLinkDays,
        language: requestLanguage(request),
      }),
  });
};

export default ticketPurchaseRoutes;
