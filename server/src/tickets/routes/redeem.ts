import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import type { FastifyError } from 'fastify';
import { HttpError } from '../../platform/http/errors';
import { INVALID_IDEMPOTENCY_KEY, redeemOnThisDevice } from '../services/redeemOffer';
import { DEVICE_COOKIE } from '../deviceCookie';
import { endpointRoute } from '../../platform/routes/endpointRoute';

/**
 * A malformed Idempotency-Key (the only header the schema checks) is a 400 with a sentence for
 * people rather than Ajv's "must match pattern"; every other error goes on to the API's error
 * handler (an error thrown here is handled by the parent's).
 */
function idempotencyKeyErrorHandler(this: unknown, error: FastifyError) {
  if (error.validationContext === 'headers') {
    throw new HttpError(400, INVALID_IDEMPOTENCY_KEY, [{ field: 'Idempotency-Key', message: INVALID_IDEMPOTENCY_KEY }]);
  }
  throw error;
}

/** Spec §7 api/Tickets/RedeemTicketPurchaseOffer: an offer used at checkout, on the ticket's device. */
const ticketRedeemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpointRoute(endpoints.tickets.redeemTicketPurchaseOffer, {
      tags: ['Tickets'],
      description:
        'Redeems the offer once on the registered device (its cookie is required). With an Idempotency-Key header ' +
        'the redemption counts once however often it is sent: a repeat gets the same 200 answer (with the ' +
        'current offer) and the response header `Idempotent-Replayed: true`, even once ticketQty is used up; the ' +
        'key used for another ticket or offer is a 422; a malformed key a 400. 409 once ticketQty is used.',
    }),
    errorHandler: idempotencyKeyErrorHandler,
    handler: async (request, reply) => {
      const { offer, redeemedAt, replayed } = await redeemOnThisDevice(app.database.db, app.repositories.tickets, {
        guid: request.query.ticketPurchaseSessionGuid,
        deviceCookie: request.cookies[DEVICE_COOKIE],
        browserKeyHash: request.browserKeyHash(),
        ticketOfferId: request.query.ticketOfferId,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return { success: true, message: 'Present this at Checkout', offer, redeemedAt: redeemedAt.toISOString() };
    },
  });
};

export default ticketRedeemRoutes;
