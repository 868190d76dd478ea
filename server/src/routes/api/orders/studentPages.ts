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
import { pageNotFound } from '../../../errors';
import { deviceRepository } from '../../../repositories/devices';
import { orderRepository } from '../../../repositories/orders';
import { fundraiserRepository } from '../../../repositories/fundraisers';
import { engagement } from '../../../services/engagement';
import { studentPages } from '../../../services/studentPages';
import { sendJsonString } from '../../sendJsonString';

/** Spec §7 api/Orders/ calls behind the student pages (/Fundraiser, /FundraiserOrders, /Fundraisers). */
const studentPageRoutes: FastifyPluginAsyncTypebox<{
  links: { gatewayUrl: string; appSiteUrl: string };
  newPagesPerPhonePerDay: number;
  newPagesPerHour: number;
}> = async (app, options) => {
  const db = app.database.db;
  const devices = deviceRepository(db);
  const orders = orderRepository(db, fundraiserRepository(db, options.links));
  const pages = studentPages(db, orders, {
    appSiteUrl: options.links.appSiteUrl,
    newPagesPerPhonePerDay: options.newPagesPerPhonePerDay,
  });
  const counters = engagement(orders, devices);
  const tags = ['Student pages'];

  /** The student's page as it shows it; a 404 for no such page. */
  const pageOrFail = async (guid: string) => {
    const device = await devices.fundraiserDevice(guid);
    if (!device) throw pageNotFound();
    return device;
  };

  app.get(
    '/GetMyFundraiser',
    { schema: { tags, querystring: FundraiserDeviceGuidQuery, response: { 200: FundraiserDevice } } },
    (request) => pageOrFail(request.query.fundraiserDeviceGuid),
  );

  app.get(
    '/GetFundraiserDevice',
    { schema: { tags, querystring: FdidQuery, response: { 200: FundraiserDevice } } },
    (request) => pageOrFail(request.query.fdid),
  );

  app.get(
    '/ListOrders',
    { schema: { tags, querystring: FdidQuery, response: { 200: Type.Array(DeviceOrder) } } },
    async (request) => {
      const found = await devices.paidOrdersOfPage(request.query.fdid);
      if (!found) throw pageNotFound();
      return found;
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
    (request) => pages.myFundraisers(request.query.fdid, request.browserKeyHash()),
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
    (request) => pages.qrCode(request.query.fdid),
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
    (request, reply) => pages.newCashCheckDraft(request.body.fundraiserDeviceGuid, () => reply.browserKey()),
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
    async (request, reply) => sendJsonString(reply, await pages.newPage(request.body)),
  );

  app.post(
    '/IncrementShareClicks',
    { schema: { tags, body: DeviceGuidBody, response: { 200: EngagementResponse } } },
    (request) => counters.countShareClick(request.body.fundraiserDeviceGuid),
  );
};

export default studentPageRoutes;
