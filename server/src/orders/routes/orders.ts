import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ACCESS_MESSAGES, type OrderView, type ProcessOrderRequest, type Receipt } from '@fu/shared/contracts';
import { endpoints } from '@fu/shared/endpoints';
import type { PaymentGateway } from '../../payments/gateway/gateway';
import { notFound } from '../../platform/http/errors';
import { requestLanguage } from '../../platform/http/requestLanguage';
import { localize } from '../../platform/i18n/text';
import { createOrder } from '../services/createOrder';
import { studentCredit } from '../services/studentCredit';
import { engagement } from '../../catalog/services/engagement';
import type { CoverFeeRate } from '../services/coverFees';
import { orderViews } from '../services/orderViews';
import { processCardOrder } from '../../payments/services/processOrder';
import { processCashCheckOrder } from '../services/processCashCheck';
import { receipts } from '../../receipts/services/receipts';
import { clientBudget } from '../../platform/routes/clientBudget';
import { endpointRoute } from '../../platform/routes/endpointRoute';
import { PHONE_LOOKUP_DESCRIPTION, phoneLookupAnswers, phoneLookupRateLimit } from '../../students/routes/phoneLookup';
import { sendJsonString } from '../../platform/routes/sendJsonString';

/** The fundraiser a name check is about: MatchStudent's query, or CreateOrder's body. */
function fundraiserIdOf(request: FastifyRequest): number | undefined {
  const named = (request.query as { fundraiserId?: number } | undefined)?.fundraiserId;
  return named ?? (request.body as { fundraiserId?: number } | undefined)?.fundraiserId;
}

const ordersRoutes: FastifyPluginAsyncTypebox<{
  /** The site's public origin: receipt links start with it. */
  publicUrl: string;
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
  /** Student names checked against a team per client per minute: MatchStudent and directory orders together. */
  studentMatchPerMinute: number;
  studentMatchPerTeamPerHour: number;
  phoneLookupsPerPhonePerDay: number;
  phoneLookupsPerMinute: number;
}> = async (app, options) => {
  const db = app.database.db;
  const { fundraisers, orders, devices, orderNotices } = app.repositories;
  const counters = engagement(orders, devices);
  const receipt = receipts(orders, {
    publicUrl: options.publicUrl,
    receiptSecret: options.receiptSecret,
    organization: options.organization,
    ticketPurchasesOfOrder: orderNotices.ticketPurchasesOfOrder,
  });
  const tags = ['Orders'];

  // Issue 31: a typed student name is checked against the team from one budget per client, whether
  // the page asks (MatchStudent) or an order from the team's page is credited by it (CreateOrder), so
  // neither call walks a roster faster than the other allows.
  const credit = studentCredit(devices);
  const spendNameCheck = clientBudget(app, {
    name: 'student-match',
    max: options.studentMatchPerMinute,
    timeWindow: '1 minute',
  });
  // And one budget per team, whoever asks: a roster walked from many addresses stops here too.
  const spendTeamCheck = clientBudget(app, {
    name: 'student-match-team',
    max: options.studentMatchPerTeamPerHour,
    timeWindow: '1 hour',
    keyOf: (request) => String(fundraiserIdOf(request)),
  });

  app.route({
    ...endpointRoute(endpoints.orders.createOrder, {
      tags,
      description:
        'Creates an order owned by this browser (the httpOnly browser key cookie, set here when missing), or with ' +
        "`orderId` replaces the lines of an unpaid order this browser owns. Another browser's order: 404. " +
        "An order from a student's link (`fundraiserDeviceGuid`, `contactGuid`, `socialGuid`) is credited to that " +
        "student; one without is credited to the student whose name was typed when exactly one of the team's " +
        'student pages has it (as MatchStudent answers, from the same per-client budget; once it is spent the ' +
        'order is still taken, and counts for the team: a name check never stops a sale). ' +
        'Student names are kept trimmed, one space between words, capitalised when typed all in one case.',
    }),
    handler: (request, reply) =>
      createOrder(
        db,
        orders,
        request.body,
        requestLanguage(request),
        () => reply.browserKey(),
        async (fundraiserId, firstName, lastName) => {
          // The order counts for the student it names whatever the budgets say: a name check never
          // stops a sale nor takes a student's credit. Past either budget it is credited quietly,
          // so its answers do not tell whether the name matched.
          const quiet = !(await spendNameCheck.tryToSpend(request)) || !(await spendTeamCheck.tryToSpend(request));
          return { deviceId: (await credit.find(fundraiserId, firstName, lastName))?.deviceId ?? null, quiet };
        },
      ),
  });

  app.route({
    ...endpointRoute(endpoints.orders.matchStudent, {
      tags,
      description:
        "Whether the student name typed on the team's order page (`/Order/{fundraiserId}/{itemId}/{phone}`) is " +
        "exactly one student's of that fundraiser (first and last name, ignoring case, accents and extra spaces): " +
        "`{ match: 'one', displayName: 'Jordan R.' }`, the first name and last initial only ('Jordan' for a " +
        'fundraiser in privacy mode). No such student, ' +
        "several of that name and an unknown or closed fundraiser all answer `{ match: 'none' }`: the order then " +
        'counts for the team. Read-only, and limited per client (RATE_LIMIT_STUDENT_MATCH a minute, shared with ' +
        "CreateOrder's own check and across instances): 429 once spent. A blank name, or one holding a web " +
        "address: 400 with the order form's message.",
    }),
    handler: async (request) => {
      await spendNameCheck(request);
      await spendTeamCheck(request);
      return credit.answer(request.query);
    },
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

  const lookups = phoneLookupAnswers(app, {
    publicUrl: options.publicUrl,
    receiptSecret: options.receiptSecret,
    perPhonePerDay: options.phoneLookupsPerPhonePerDay,
  });
  app.route({
    ...endpointRoute(endpoints.orders.listActiveFundraisersByPhone, {
      tags,
      description: PHONE_LOOKUP_DESCRIPTION,
      config: phoneLookupRateLimit(options.phoneLookupsPerMinute),
    }),
    handler: (request) => lookups.pageLinks(request.query.phone, requestLanguage(request)),
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

  /**
   * A card payment; `requireTestMode` for TestProcess, which pays test orders only. Its answer,
   * 'success' or the gateway's sentence for a decline, in the request's language.
   */
  const charge = async (request: FastifyRequest & { body: ProcessOrderRequest }, requireTestMode: boolean) =>
    localize(
      requestLanguage(request),
      await processCardOrder(db, options.gateway, request.body, {
        requireTestMode,
        staleAfterMs: options.staleAfterMs,
        ownerKeyHash: request.browserKeyHash(),
        onPaid: (orderId) => app.orderPaid(orderId),
        coverFeeRate: options.coverFeeRate,
      }),
    );

  const chargeLimit = { rateLimit: { max: options.processPerMinute, timeWindow: '1 minute' } };
  app.route({
    ...endpointRoute(endpoints.orders.processOrder, { tags, config: chargeLimit }),
    handler: async (request, reply) => sendJsonString(reply, await charge(request, false)),
  });

  app.route({
    ...endpointRoute(endpoints.orders.testProcess, { tags, config: chargeLimit }),
    handler: async (request, reply) => sendJsonString(reply, await charge(request, true)),
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
      // In the language of the page it is downloaded from: the person reading it asked now.
      const { orderId, pdf } = await receipt.signedReceiptPdf(request.query, requestLanguage(request));
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
