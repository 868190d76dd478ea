import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
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
import { HttpError, notFound } from '../../../plugins/app/errors';
import { deviceRepository } from '../../../repositories/devices';
import { orderRepository } from '../../../repositories/orders';
import { fundraiserRepository } from '../../../repositories/fundraisers';
import { requirePhone } from '../../../phone';
import { sendJsonString } from '../../sendJsonString';

const NO_PAGE = 'We could not find that fundraiser page. Please check the link.';

/** Spec §7 api/Orders/ calls behind the student pages (/Fundraiser, /FundraiserOrders, /Fundraisers). */
const studentPageRoutes: FastifyPluginAsyncTypebox<{
  links: { gatewayUrl: string; appSiteUrl: string };
}> = async (app, options) => {
  const devices = deviceRepository(app.database.db);
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
    { schema: { tags, querystring: FdidQuery, response: { 200: Type.Array(MyFundraiser) } } },
    async (request) => {
      const list = await devices.fundraisersForDevice(request.query.fdid);
      if (!list) throw notFound(NO_PAGE);
      return list;
    },
  );

  app.get(
    '/GetQRCode',
    { schema: { tags, querystring: FdidQuery, response: { 200: QrCodeResponse } } },
    async (request) => {
      const device = await devices.byGuid(request.query.fdid);
      if (!device) throw notFound(NO_PAGE);
      return { url: `${options.links.appSiteUrl.replace(/\/$/, '')}/Order/${device.guid}` };
    },
  );

  app.post(
    '/NewOrderWithFDID',
    { schema: { tags, body: DeviceGuidBody, response: { 200: CreateOrderResponse } } },
    async (request) => {
      const device = await devices.byGuid(request.body.fundraiserDeviceGuid);
      if (!device) throw notFound(NO_PAGE);
      const catalog = await orders.catalogFor(device.fundraiserId);
      if (!catalog?.isActive) {
        throw new HttpError(409, 'This fundraiser is no longer active. Thank you for your support.');
      }
      return devices.newCashCheckOrder(device);
    },
  );

  app.post(
    '/NewFundraiserDevice',
    { schema: { tags, body: NewFundraiserDeviceRequest, response: { 200: Type.String() } } },
    async (request, reply) => {
      const catalog = await orders.catalogFor(request.body.fundraiserId);
      if (!catalog) throw notFound('Fundraiser not found.');
      if (!catalog.isActive) {
        throw new HttpError(409, 'This fundraiser is no longer active. Thank you for your support.');
      }
      const guid = await devices.createDevice({
        fundraiserId: request.body.fundraiserId,
        phone: requirePhone(request.body.phone),
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
