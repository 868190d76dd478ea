import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { collectedCash } from '../services/collectedCash';
import { adminActorOf } from '../../admin/routes/adminActor';
import { endpointRoute } from '../../platform/routes/endpointRoute';

const tags = ['Admin', 'Receipts'];

/**
 * Issue 30: the organisation confirms it received the cash and check sales students recorded, and
 * their receipts become tax receipts. Behind the admin token (the scope in app.ts).
 */
const collectedCashRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sales = collectedCash(app.repositories.collectedCash, { onReceived: (orderId) => app.cashReceived(orderId) });

  app.route({
    ...endpointRoute(endpoints.admin.collectedCashOrders, {
      tags,
      description:
        "A fundraiser's cash and check sales that students recorded as collected and the organisation has not yet " +
        'confirmed receiving, oldest first, with their sum: what the next deposit should hold.',
    }),
    handler: (request) => sales.awaiting(request.query.fundraiserId),
  });

  app.route({
    ...endpointRoute(endpoints.admin.confirmCashReceived, {
      tags,
      description:
        'The organisation received these sales (one order, or a deposit of several): each is marked received by the ' +
        "caller (X-Admin-User) now, with the deposit's reference, and its tax receipt is e-mailed to the supporter. " +
        'All or nothing: 409 naming any id that is not a cash or check sale a student recorded. Orders confirmed ' +
        'before are reported in alreadyConfirmed and left as they were.',
    }),
    handler: (request) => sales.confirm({ ...request.body, actor: adminActorOf(request) }),
  });
};

export default collectedCashRoutes;
