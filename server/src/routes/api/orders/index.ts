import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ACCESS_MESSAGES,
  CreateOrderRequest,
  CreateOrderResponse,
  EngagementResponse,
  FundraiserIdQuery,
  IncrementPageVisitsRequest,
  IncrementSocialMediaRequest,
  IncrementStudentContactRequest,
  PhoneMessage,
  OrderIdQuery,
  OrderItem,
  OrderView,
  PhoneQuery,
  ProcessOrderCashCheckRequest,
  ProcessOrderRequest,
  ProcessOrderResponse,
  Receipt,
  ReceiptLookupRequest,
  ReceiptLookupResponse,
  ReceiptQuery,
} from '@fu/shared/contracts';
import type { PaymentGateway } from '../../../payments/gateway';
import { notFound } from '../../../errors';
import { fundraiserRepository } from '../../../repositories/fundraisers';
import { orderRepository } from '../../../repositories/orders';
import { deviceRepository } from '../../../repositories/devices';
import { createOrder } from '../../../services/createOrder';
import { engagement } from '../../../services/engagement';
import { processCardOrder } from '../../../services/processOrder';
import { processCashCheckOrder } from '../../../services/processCashCheck';
import { receipts } from '../../../services/receipts';
import { PHONE_LOOKUP_DESCRIPTION, phoneLookupAnswers, phoneLookupRateLimit } from '../../phoneLookup';
import { sendJsonString } from '../../sendJsonString';

const ordersRoutes: FastifyPluginAsyncTypebox<{
  links: { gatewayUrl: string; appSiteUrl: string };
  gateway: PaymentGateway;
  /** After this long a pending card attempt has no request in flight (cardAttempts.ts). */
  staleAfterMs: number;
  receiptSecret: string;
  processPerMinute: number;
  receiptLookupPerMinute: number;
  phoneLookupsPerPhonePerDay: number;
  phoneLookupsPerMinute: number;
}> = async (app, options) => {
  const db = app.database.db;
  const fundraisers = fundraiserRepository(db, options.links);
  const orders = orderRepository(db, fundraisers);
  const counters = engagement(orders, deviceRepository(db));
  const receipt = receipts(orders, { publicUrl: options.links.appSiteUrl, receiptSecret: options.receiptSecret });
  const tags = ['Orders'];

  app.post(
    '/CreateOrder',
    {
      schema: {
        tags,
        description:
          'Creates an order owned by this browser (the httpOnly browser key cookie, set here when missing), or with ' +
          "`orderId` replaces the lines of an unpaid order this browser owns. Another browser's order: 404.",
        body: CreateOrderRequest,
        response: { 200: CreateOrderResponse },
      },
    },
    (request, reply) => createOrder(db, orders, request.body, () => reply.browserKey()),
  );

  /** The order for the browser that owns it; one 404 for anyone else and for no such order. */
  const orderView = async (orderId: number, ownerKeyHash: string | undefined) => {
    const order = await orders.fundraiserOrder(orderId, ownerKeyHash);
    if (!order) throw notFound(ACCESS_MESSAGES.orderNotFound);
    return order;
  };

  app.get('/GetOrder', { schema: { tags, querystring: OrderIdQuery, response: { 200: OrderView } } }, (request) =>
    orderView(request.query.orderId, request.browserKeyHash()),
  );

  app.get(
    '/GetFundraiserOrder',
    { schema: { tags, querystring: OrderIdQuery, response: { 200: OrderView } } },
    (request) => orderView(request.query.orderId, request.browserKeyHash()),
  );

  app.get(
    '/GetItems',
    { schema: { tags, querystring: FundraiserIdQuery, response: { 200: Type.Array(OrderItem) } } },
    async (request) => {
      const details = await fundraisers.getFundraiserDetails(request.query.fundraiserId);
      if (!details) throw notFound('Fundraiser not found.');
      return details.fundraiserOrderItems;
    },
  );

  const lookups = phoneLookupAnswers(app, orders, {
    publicUrl: options.links.appSiteUrl,
    receiptSecret: options.receiptSecret,
    perPhonePerDay: options.phoneLookupsPerPhonePerDay,
  });
  app.get(
    '/ListActiveFundraisersByPhone',
    {
      config: phoneLookupRateLimit(options.phoneLookupsPerMinute),
      schema: { tags, description: PHONE_LOOKUP_DESCRIPTION, querystring: PhoneQuery, response: { 200: PhoneMessage } },
    },
    (request) => lookups.pageLinks(request.query.phone),
  );

  app.post(
    '/IncrementPageVisits',
    { schema: { tags, body: IncrementPageVisitsRequest, response: { 200: EngagementResponse } } },
    (request) => counters.count(request.body.fundraiserDeviceGuid, 'page_visits'),
  );
  app.post(
    '/IncrementStudentContactEngagement',
    { schema: { tags, body: IncrementStudentContactRequest, response: { 200: EngagementResponse } } },
    (request) => counters.count(request.body.studentContactGuid, 'student_contact'),
  );
  app.post(
    '/IncrementSocialMediaEngagement',
    { schema: { tags, body: IncrementSocialMediaRequest, response: { 200: EngagementResponse } } },
    (request) => counters.count(request.body.socialGuid, 'social_media'),
  );

  /** A card payment; `requireTestMode` for TestProcess, which pays test orders only. */
  const charge = async (body: ProcessOrderRequest, ownerKeyHash: string | undefined, requireTestMode: boolean) =>
    processCardOrder(db, options.gateway, body, { requireTestMode, staleAfterMs: options.staleAfterMs, ownerKeyHash });

  const chargeLimit = { rateLimit: { max: options.processPerMinute, timeWindow: '1 minute' } };
  app.post(
    '/ProcessOrder',
    { config: chargeLimit, schema: { tags, body: ProcessOrderRequest, response: { 200: ProcessOrderResponse } } },
    async (request, reply) => sendJsonString(reply, await charge(request.body, request.browserKeyHash(), false)),
  );

  app.post(
    '/TestProcess',
    { config: chargeLimit, schema: { tags, body: ProcessOrderRequest, response: { 200: ProcessOrderResponse } } },
    async (request, reply) => sendJsonString(reply, await charge(request.body, request.browserKeyHash(), true)),
  );

  app.post(
    '/ProcessOrderCashCheck',
    {
      config: chargeLimit,
      schema: { tags, body: ProcessOrderCashCheckRequest, response: { 200: ProcessOrderResponse } },
    },
    async (request, reply) =>
      sendJsonString(reply, await processCashCheckOrder(db, request.body, request.browserKeyHash())),
  );

  app.get('/GetReceipt', { schema: { tags, querystring: ReceiptQuery, response: { 200: Receipt } } }, (request) =>
    receipt.signedReceipt(request.query),
  );

  app.get(
    '/GetReceiptPdf',
    {
      schema: {
        tags,
        summary: 'The receipt as a PDF download (same key as GetReceipt)',
        querystring: ReceiptQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { orderId, pdf } = await receipt.signedReceiptPdf(request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${orderId}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/LookupReceipt',
    {
      config: { rateLimit: { max: options.receiptLookupPerMinute, timeWindow: '1 minute' } },
      schema: { tags, body: ReceiptLookupRequest, response: { 200: ReceiptLookupResponse } },
    },
    (request) => receipt.lookup(request.body),
  );
};

export default ordersRoutes;
