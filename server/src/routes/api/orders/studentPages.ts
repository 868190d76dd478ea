import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ACCESS_MESSAGES,
  CreateOrderResponse,
  DeviceGuidBody,
  DeviceOrder,
  EngagementResponse,
  FdidQuery,
  FundraiserDevice,
  FundraiserDeviceGuidQuery,
  MyFundraiser,
  NewFundraiserDeviceRequest,
  QrCodeResponse,
} from '@fu/shared/contracts';
import { HttpError, notFound } from '../../../errors';
import { deviceRepository } from '../../../repositories/devices';
import { orderRepository } from '../../../repositories/orders';
import { fundraiserRepository } from '../../../repositories/fundraisers';
import { phoneBudgetRepository } from '../../../repositories/phoneBudgets';
import { browserOwnsPhone } from '../../../services/phoneOwnership';
import { requirePhone } from '../../../phone';
import { sendJsonString } from '../../sendJsonString';

const NO_PAGE = 'We could not find that fundraiser page. Please check the link.';

/** Spec §7 api/Orders/ calls behind the student pages (/Fundraiser, /FundraiserOrders, /Fundraisers). */
const studentPageRoutes: FastifyPluginAsyncTypebox<{
  links: { gatewayUrl: string; appSiteUrl: string };
  newPagesPerPhonePerDay: number;
  newPagesPerHour: number;
}> = async (app, options) => {
  const devices = deviceRepository(app.database.db);
  const budgets = phoneBudgetRepository(app.database.db);
  const orders = orderRepository(app.database.db, fundraiserRepository(app.database.db, options.links));
  const tags = ['Student pages'];

  const deviceOrFail = async (guid: string) => {
    const device = await devices.fundraiserDevice(guid);
    if (!device) throw notFound(NO_PAGE);
    return device;
  };

  app.get(
    '/GetMyFundraiser',
    { schema: { tags, querystring: FundraiserDeviceGuidQuery, response: { 200: FundraiserDevice } } },
    (request) => deviceOrFail(request.query.fundraiserDeviceGuid),
  );

  app.get(
    '/GetFundraiserDevice',
    { schema: { tags, querystring: FdidQuery, response: { 200: FundraiserDevice } } },
    (request) => deviceOrFail(request.query.fdid),
  );

  app.get(
    '/ListOrders',
    { schema: { tags, querystring: FdidQuery, response: { 200: Type.Array(DeviceOrder) } } },
    async (request) => {
      const device = await devices.byGuid(request.query.fdid);
      if (!device) throw notFound(NO_PAGE);
      return devices.paidOrders(device.id);
    },
  );

  app.get(
    '/GetFundraisersForDevice',
    {
      schema: {
        tags,
        description:
          "My Fundraisers: every page registered to the page's phone, to a browser that confirmed a code texted " +
          'to that phone; otherwise only this page (anyone can make a page with any number).',
        querystring: FdidQuery,
        response: { 200: Type.Array(MyFundraiser) },
      },
    },
    async (request) => {
      const device = await devices.byGuid(request.query.fdid);
      if (!device) throw notFound(NO_PAGE);
      const allOfPhone = await browserOwnsPhone(app.database.db, request.browserKeyHash(), device.phone);
      return devices.fundraisersForDevice(device, allOfPhone);
    },
  );

  app.get(
    '/GetQRCode',
    {
      schema: {
        tags,
        description:
          "The student's order link for supporters to scan: their contact link (/Order/Contact/{contactGuid}), " +
          "never the page's own guid, which opens the student's page and their supporters' details.",
        querystring: FdidQuery,
        response: { 200: QrCodeResponse },
      },
    },
    async (request) => {
      const device = await devices.byGuid(request.query.fdid);
      if (!device?.contactGuid) throw notFound(NO_PAGE);
      return { url: `${options.links.appSiteUrl.replace(/\/$/, '')}/Order/Contact/${device.contactGuid}` };
    },
  );

  app.post(
    '/NewOrderWithFDID',
    {
      schema: {
        tags,
        description:
          "A draft for a cash/check sale on the student's page, owned by this browser (its browser key cookie).",
        body: DeviceGuidBody,
        response: { 200: CreateOrderResponse },
      },
    },
    async (request, reply) => {
      const device = await devices.byGuid(request.body.fundraiserDeviceGuid);
      if (!device) throw notFound(NO_PAGE);
      const catalog = await orders.catalogFor(device.fundraiserId);
      if (!catalog?.isActive) {
        throw new HttpError(409, 'This fundraiser is no longer active. Thank you for your support.');
      }
      return devices.newCashCheckOrder(device, reply.browserKey());
    },
  );

  app.post(
    '/NewFundraiserDevice',
    {
      config: { rateLimit: { max: options.newPagesPerHour, timeWindow: '1 hour' } },
      schema: {
        tags,
        description:
          'A new student page; answers its guid. Limited per client per hour and per phone number per day (429).',
        body: NewFundraiserDeviceRequest,
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      const phone = requirePhone(request.body.phone);
      const catalog = await orders.catalogFor(request.body.fundraiserId);
      if (!catalog) throw notFound('Fundraiser not found.');
      if (!catalog.isActive) {
        throw new HttpError(409, 'This fundraiser is no longer active. Thank you for your support.');
      }
      if (!(await budgets.take(phone, 'new_page', options.newPagesPerPhonePerDay))) {
        throw new HttpError(429, ACCESS_MESSAGES.tooManyPages);
      }
      const guid = await devices.createDevice({
        fundraiserId: request.body.fundraiserId,
        phone,
        studentFirstName: request.body.studentFirstName.trim(),
        studentLastName: request.body.studentLastName.trim(),
      });
      return sendJsonString(reply, guid);
    },
  );

  app.post(
    '/IncrementShareClicks',
    { schema: { tags, body: DeviceGuidBody, response: { 200: EngagementResponse } } },
    async (request) => {
      const device = await devices.byGuid(request.body.fundraiserDeviceGuid);
      if (!device) return { counted: false };
      await orders.increment(device.guid, 'share_clicks');
      return { counted: true };
    },
  );
};

export default studentPageRoutes;
