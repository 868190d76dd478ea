import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
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
  RECEIPT_LOOKUP_MESSAGES,
} from '@fu/shared/contracts';
import { receiptKeyValid, receiptUrl } from '../../../services/receiptKey';
import { receiptPdf } from '../../../services/receiptPdf';
import { GatewayUnavailableError, type PaymentGateway } from '../../../payments/gateway';
import { processCardOrder } from '../../../services/processOrder';
import { processCashCheckOrder } from '../../../services/processCashCheck';
import { HttpError, notFound } from '../../../errors';
import { fundraiserRepository } from '../../../repositories/fundraisers';
import { orderRepository, type EngagementKind } from '../../../repositories/orders';
import { priceOrder } from '../../../services/orderPricing';
import { PHONE_LOOKUP_DESCRIPTION, phoneLookupAnswers, phoneLookupRateLimit } from '../../phoneLookup';
import { sendJsonString } from '../../sendJsonString';

/** Spec §9: visits count only for 36-character guids. */
const GUID_LENGTH = 36;
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

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
  const fundraisers = fundraiserRepository(app.database.db, options.links);
  const orders = orderRepository(app.database.db, fundraisers);
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
    async (request, reply) => {
      const catalog = await orders.catalogFor(request.body.fundraiserId);
      if (!catalog) throw notFound('Fundraiser not found.');
      if (!catalog.isActive)
        throw new HttpError(409, 'This fundraiser is no longer active. Thank you for your support.');
      const priced = priceOrder(request.body, catalog);
      if (!priced.ok) throw new HttpError(400, priced.problems[0]!.message, priced.problems);
      return orders.saveOrder(request.body, priced.order, catalog, reply.browserKey());
    },
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

  const count = async (guid: string, kind: EngagementKind) => {
    if (guid.length !== GUID_LENGTH || !GUID.test(guid)) return { counted: false };
    await orders.increment(guid.toLowerCase(), kind);
    return { counted: true };
  };

  app.post(
    '/IncrementPageVisits',
    { schema: { tags, body: IncrementPageVisitsRequest, response: { 200: EngagementResponse } } },
    (request) => count(request.body.fundraiserDeviceGuid, 'page_visits'),
  );
  app.post(
    '/IncrementStudentContactEngagement',
    { schema: { tags, body: IncrementStudentContactRequest, response: { 200: EngagementResponse } } },
    (request) => count(request.body.studentContactGuid, 'student_contact'),
  );
  app.post(
    '/IncrementSocialMediaEngagement',
    { schema: { tags, body: IncrementSocialMediaRequest, response: { 200: EngagementResponse } } },
    (request) => count(request.body.socialGuid, 'social_media'),
  );

  const charge = async (
    body: ProcessOrderRequest,
    ownerKeyHash: string | undefined,
    requireTestMode: boolean,
    reply: FastifyReply,
  ) => {
    try {
      const answer = await processCardOrder(app.database.db, options.gateway, body, {
        requireTestMode,
        staleAfterMs: options.staleAfterMs,
        ownerKeyHash,
      });
      return sendJsonString(reply, answer);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw new HttpError(503, error.message);
      throw error;
    }
  };

  const chargeLimit = { rateLimit: { max: options.processPerMinute, timeWindow: '1 minute' } };
  app.post(
    '/ProcessOrder',
    { config: chargeLimit, schema: { tags, body: ProcessOrderRequest, response: { 200: ProcessOrderResponse } } },
    (request, reply) => charge(request.body, request.browserKeyHash(), false, reply),
  );

  app.post(
    '/TestProcess',
    { config: chargeLimit, schema: { tags, body: ProcessOrderRequest, response: { 200: ProcessOrderResponse } } },
    (request, reply) => charge(request.body, request.browserKeyHash(), true, reply),
  );

  app.post(
    '/ProcessOrderCashCheck',
    {
      config: chargeLimit,
      schema: { tags, body: ProcessOrderCashCheckRequest, response: { 200: ProcessOrderResponse } },
    },
    async (request, reply) =>
      sendJsonString(reply, await processCashCheckOrder(app.database.db, request.body, request.browserKeyHash())),
  );

  /** A paid order's receipt, for a link whose key is right; one 404 otherwise. */
  const signedReceipt = async ({ orderId, key }: { orderId: number; key: string }) => {
    const receipt = receiptKeyValid(orderId, key, options.receiptSecret) ? await orders.receipt(orderId) : undefined;
    if (!receipt) throw notFound('We could not find that receipt. Please check the link.');
    return receipt;
  };

  app.get('/GetReceipt', { schema: { tags, querystring: ReceiptQuery, response: { 200: Receipt } } }, (request) =>
    signedReceipt(request.query),
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
      const receipt = await signedReceipt(request.query);
      const pdf = await receiptPdf(receipt);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${receipt.orderId}.pdf"`)
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
    async (request) => {
      const email = request.body.email.trim();
      if (!email) {
        throw new HttpError(400, RECEIPT_LOOKUP_MESSAGES.email, [
          { field: 'email', message: RECEIPT_LOOKUP_MESSAGES.email },
        ]);
      }
      const { orderId } = request.body;
      if (!(await orders.paidOrderHasEmail(orderId, email))) throw notFound(RECEIPT_LOOKUP_MESSAGES.notFound);
      return { receiptUrl: receiptUrl(options.links.appSiteUrl, orderId, options.receiptSecret) };
    },
  );
};

export default ordersRoutes;
