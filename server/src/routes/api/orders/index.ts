import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCESS_MESSAGES, type OrderView, type ProcessOrderRequest, type Receipt } from '@fu/shared/contracts';
import { endpoints } from '@fu/shared/endpoints';
import type { PaymentGateway } from '../../../payments/gateway';
import { notFound } from '../../../errors';
import { fundraiserRepository } from '../../../repositories/fundraisers';
import { orderRepository } from '../../../repositories/orders';
import { deviceRepository } from '../../../repositories/devices';
import { orderNoticeRepository } from '../../../repositories/orderNotices';
import { createOrder } from '../../../services/createOrder';
import { engagement } from '../../../services/engagement';
import type { CoverFeeRate } from '../../../services/coverFees';
import { orderViews } from '../../../services/orderViews';
import { processCardOrder } from '../../../services/processOrder';
import { processCashCheckOrder } from '../../../services/processCashCheck';
import { receipts } from '../../../services/receipts';
import { endpointRoute } from '../../endpointRoute';
import { PHONE_LOOKUP_DESCRIPTION, phoneLookupAnswers, phoneLookupRateLimit } from '../../phoneLookup';
import { sendJsonString } from '../../sendJsonString';

const ordersRoutes: FastifyPluginAsyncTypebox<{
  links: { gatewayUrl: string; appSiteUrl: string };
  gateway: PaymentGateway;
  /** After this long a pending card attempt has no request in flight (cardAttempts.ts). */
  staleAfterMs: number;
  receiptSecret: string;
  /** Who issues receipts (config.organization). */
  organization: Receipt['organization'];
  /** The processing rate "cover the processing fee" makes up for (config.coverFees). */
  coverFeeRate: CoverFeeRate;
  processPerMinute: number;
  receiptLookupPerMinute: number;
  phoneLookupsPerPhonePerDay: number;
  phoneLookupsPerMinute: number;
}> = async (app, options) => {
  const db = app.database.db;
  const fundraisers = fundraiserRepository(db, options.links);
  const orders = orderRepository(db, fundraisers);
  const counters = engagement(orders, deviceRepository(db));
  const receipt = receipts(orders, {
    publicUrl: options.links.appSiteUrl,
    receiptSecret: options.receiptSecret,
    organization: options.organization,
    ticketPurchasesOfOrder: orderNoticeRepository(db).ticketPurchasesOfOrder,
  });
  const tags = ['Orders'];

  app.route({
    ...endpointRoute(endpoints.orders.createOrder, {
      tags,
      description:
        'Creates an order owned by this browser (the httpOnly browser key cookie, set here when missing), or with ' +
        "`orderId` replaces the lines of an unpaid order this browser owns. Another browser's order: 404.",
    }),
    handler: (request, reply) => createOrder(db, orders, request.body, () => reply.browserKey()),
  });

  const views = orderViews(orders, options.coverFeeRate);
  /** The order for the browser that owns it; one 404 for anyone else and for no such order. */
  const orderView = async (orderId: number, ownerKeyHash: string | undefined): Promise<OrderView> => {
    const order = await views.ownersOrder(orderId, ownerKeyHash);
    if (!order) throw notFound(ACCESS_MESSAGES.orderNotFound);
    return order;
  };

  app.route({
    ...endpointRoute(endpoints.orders.getOrder, { tags }),
    handler: (request) => orderView(request.query.orderId, request.browserKeyHash()),
  });

  app.route({
    ...endpointRoute(endpoints.orders.getFundraiserOrder, { tags }),
    handler: (request) => orderView(request.query.orderId, request.browserKeyHash()),
  });

  app.route({
    ...endpointRoute(endpoints.orders.getItems, { tags }),
    handler: async (request) => {
      const details = await fundraisers.getFundraiserDetails(request.query.fundraiserId);
      if (!details) throw notFound('Fundraiser not found.');
      return details.fundraiserOrderItems;
    },
  });

  const lookups = phoneLookupAnswers(app, orders, {
    publicUrl: options.links.appSiteUrl,
    receiptSecret: options.receiptSecret,
    perPhonePerDay: options.phoneLookupsPerPhonePerDay,
  });
  app.route({
    ...endpointRoute(endpoints.orders.listActiveFundraisersByPhone, {
      tags,
      description: PHONE_LOOKUP_DESCRIPTION,
      config: phoneLookupRateLimit(options.phoneLookupsPerMinute),
    }),
    handler: (request) => lookups.pageLinks(request.query.phone),
  });

  app.route({
    ...endpointRoute(endpoints.orders.incrementPageVisits, { tags }),
    handler: (request) => counters.count(request.body.fundraiserDeviceGuid, 'page_visits'),
  });
  app.route({
    ...endpointRoute(endpoints.orders.incrementStudentContactEngagement, { tags }),
    handler: (request) => counters.count(request.body.studentContactGuid, 'student_contact'),
  });
  app.route({
    ...endpointRoute(endpoints.orders.incrementSocialMediaEngagement, { tags }),
    handler: (request) => counters.count(request.body.socialGuid, 'social_media'),
  });

  /** A card payment; `requireTestMode` for TestProcess, which pays test orders only. */
  const charge = async (body: ProcessOrderRequest, ownerKeyHash: string | undefined, requireTestMode: boolean) =>
    processCardOrder(db, options.gateway, body, {
      requireTestMode,
      staleAfterMs: options.staleAfterMs,
      ownerKeyHash,
      onPaid: (orderId) => app.orderPaid(orderId),
      coverFeeRate: options.coverFeeRate,
    });

  const chargeLimit = { rateLimit: { max: options.processPerMinute, timeWindow: '1 minute' } };
  app.route({
    ...endpointRoute(endpoints.orders.processOrder, { tags, config: chargeLimit }),
    handler: async (request, reply) =>
      sendJsonString(reply, await charge(request.body, request.browserKeyHash(), false)),
  });

  app.route({
    ...endpointRoute(endpoints.orders.testProcess, { tags, config: chargeLimit }),
    handler: async (request, reply) =>
      sendJsonString(reply, await charge(request.body, request.browserKeyHash(), true)),
  });

  app.route({
    ...endpointRoute(endpoints.orders.processOrderCashCheck, { tags, config: chargeLimit }),
    handler: async (request, reply) =>
      sendJsonString(
        reply,
        await processCashCheckOrder(db, request.body, request.browserKeyHash(), (orderId) => app.orderPaid(orderId)),
      ),
  });

  app.route({
    ...endpointRoute(endpoints.orders.getReceipt, { tags }),
    handler: (request) => receipt.signedReceipt(request.query),
  });

  app.route({
    ...endpointRoute(endpoints.orders.getReceiptPdf, {
      tags,
      summary: 'The receipt as a PDF download (same key as GetReceipt)',
    }),
    handler: async (request, reply) => {
      const { orderId, pdf } = await receipt.signedReceiptPdf(request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${orderId}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  });

  app.route({
    ...endpointRoute(endpoints.orders.lookupReceipt, {
      tags,
      config: { rateLimit: { max: options.receiptLookupPerMinute, timeWindow: '1 minute' } },
    }),
    handler: (request) => receipt.lookup(request.body),
  });
};

export default ordersRoutes;
