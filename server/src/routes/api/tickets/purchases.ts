import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ShareTicketPurchaseQuery,
  TICKET_MESSAGES,
  TicketMessage,
  TicketPurchaseQuery,
  TicketPurchasesResponse,
} from '@fu/shared/contracts';
import { notFound } from '../../../errors';
import { ticketRepository } from '../../../repositories/tickets';
import { shareTicket } from '../../../services/ticketSharing';
import { phoneToShareWith } from '../../../tickets/phone';
import { refusePhonesOutOfTexts } from './perPhoneLimit';

/** Spec §7 api/Tickets/ behind ManageDiscounts: a purchase's tickets, and texting one's link. */
const ticketPurchaseRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string; smsPerMinute: number }> = async (
  app,
  options,
) => {
  const tickets = ticketRepository(app.database.db);
  const tags = ['Tickets'];

  app.get(
    '/GetTicketPurchases',
    { schema: { tags, querystring: TicketPurchaseQuery, response: { 200: TicketPurchasesResponse } } },
    async (request) => {
      const purchases = await tickets.purchases(request.query.ticketPurchaseGuid, options.publicUrl);
      if (!purchases) throw notFound(TICKET_MESSAGES.noPurchase);
      return purchases;
    },
  );

  app.get(
    '/ShareTicketPurchase',
    {
      config: { rateLimit: { max: options.smsPerMinute, timeWindow: '1 minute' } },
      preHandler: refusePhonesOutOfTexts(app.sms),
      schema: { tags, querystring: ShareTicketPurchaseQuery, response: { 200: TicketMessage } },
    },
    async (request) =>
      shareTicket(app.database.db, app.sms, {
        phone: phoneToShareWith(request.query.phoneNumber),
        purchaseGuid: request.query.ticketPurchaseGuid,
        sessionGuid: request.query.ticketPurchaseSessionGuid,
        publicUrl: options.publicUrl,
      }),
  );
};

export default ticketPurchaseRoutes;
