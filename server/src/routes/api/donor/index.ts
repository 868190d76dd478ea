import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCESS_MESSAGES } from '@fu/shared/contracts';
import { notFound } from '../../../errors';
import { fundraiserRepository } from '../../../repositories/fundraisers';
import { orderRepository } from '../../../repositories/orders';
import { receiptUrl } from '../../../services/receiptKey';

/**
 * Spec §7: POST {appSiteUrl}/api/donor/digitalReceipt/{orderId} returns the receipt URL of a paid
 * order, to the browser that made and paid it (its browser key cookie); one 404 for everyone else.
 */
const donorRoutes: FastifyPluginAsyncTypebox<{
  publicUrl: string;
  receiptSecret: string;
  links: { gatewayUrl: string; appSiteUrl: string };
}> = async (app, options) => {
  const orders = orderRepository(app.database.db, fundraiserRepository(app.database.db, options.links));
  app.post(
    '/digitalReceipt/:orderId',
    {
      schema: {
        tags: ['Donor'],
        params: Type.Object({ orderId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      if (!(await orders.paidAndOwnedBy(orderId, request.browserKeyHash())))
        throw notFound(ACCESS_MESSAGES.orderNotFound);
      const url = receiptUrl(options.publicUrl, orderId, options.receiptSecret);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(url));
    },
  );
};

export default donorRoutes;
