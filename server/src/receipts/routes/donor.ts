import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Receipt } from '@fu/shared/contracts';
import { endpoints } from '@fu/shared/endpoints';
import { receipts } from '../services/receipts';
import { endpointRoute } from '../../platform/routes/endpointRoute';
import { sendJsonString } from '../../platform/routes/sendJsonString';

/**
 * Spec §7: POST {appSiteUrl}/api/donor/digitalReceipt/{orderId} returns the receipt URL of a paid
 * order, to the browser that made and paid it (its browser key cookie); one 404 for everyone else.
 */
const donorRoutes: FastifyPluginAsyncTypebox<{
  publicUrl: string;
  receiptSecret: string;
  organization: Receipt['organization'];
}> = async (app, options) => {
  const receipt = receipts(app.repositories.orders, {
    publicUrl: options.publicUrl,
    receiptSecret: options.receiptSecret,
    organization: options.organization,
  });
  app.route({
    ...endpointRoute(endpoints.donor.digitalReceipt, { tags: ['Donor'] }),
    handler: async (request, reply) =>
      sendJsonString(reply, await receipt.linkForOwner(request.params.orderId, request.browserKeyHash())),
  });
};

export default donorRoutes;
