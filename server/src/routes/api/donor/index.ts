import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { orders } from '../../../db/schema';
import { notFound } from '../../../plugins/app/errors';
import { receiptUrl } from '../../../services/receiptKey';

/** Spec §7: POST {appSiteUrl}/api/donor/digitalReceipt/{orderId} returns the receipt URL of a paid order. */
const donorRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string; receiptSecret: string }> = async (app, options) => {
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
      const [order] = await app.database.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, request.params.orderId));
      if (!order || order.status !== 'paid') throw notFound('No receipt for that order.');
      const { orderId } = request.params;
      const url = receiptUrl(options.publicUrl, orderId, options.receiptSecret);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(url));
    },
  );
};

export default donorRoutes;
