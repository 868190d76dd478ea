import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { pageNotFound } from '../../platform/http/errors';
import { requestLanguage } from '../../platform/http/requestLanguage';
import { engagement } from '../../catalog/services/engagement';
import { studentPages } from '../services/studentPages';
import { endpointRoute } from '../../platform/routes/endpointRoute';
import { sendJsonString } from '../../platform/routes/sendJsonString';

/** Spec §7 api/Orders/ calls behind the student pages (/Fundraiser, /FundraiserOrders, /Fundraisers). */
const studentPageRoutes: FastifyPluginAsyncTypebox<{
  /** The site's public origin: the links a student shares start with it. */
  publicUrl: string;
  newPagesPerPhonePerDay: number;
  newPagesPerHour: number;
}> = async (app, options) => {
  const { devices, orders } = app.repositories;
  const pages = studentPages(app.database.db, app.repositories, {
    appSiteUrl: options.publicUrl,
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

  app.route({
    ...endpointRoute(endpoints.studentPages.getMyFundraiser, { tags }),
    handler: (request) => pageOrFail(request.query.fundraiserDeviceGuid),
  });

  app.route({
    ...endpointRoute(endpoints.studentPages.getFundraiserDevice, { tags }),
    handler: (request) => pageOrFail(request.query.fdid),
  });

  app.route({
    ...endpointRoute(endpoints.studentPages.listOrders, { tags }),
    handler: async (request) => {
      const found = await devices.paidOrdersOfPage(request.query.fdid);
      if (!found) throw pageNotFound();
      return found;
    },
  });

  app.route({
    ...endpointRoute(endpoints.studentPages.getFundraisersForDevice, {
      tags,
      description:
        "My Fundraisers: every page registered to the page's phone, to a browser that confirmed a code texted " +
        'to that phone; otherwise only this page (anyone can make a page with any number).',
    }),
    handler: (request) => pages.myFundraisers(request.query.fdid, request.browserKeyHash()),
  });

  app.route({
    ...endpointRoute(endpoints.studentPages.getQRCode, {
      tags,
      description:
        "The student's order link for supporters to scan: their contact link (/Order/Contact/{contactGuid}), " +
        "never the page's own guid, which opens the student's page and their supporters' details.",
    }),
    handler: (request) => pages.qrCode(request.query.fdid),
  });

  app.route({
    ...endpointRoute(endpoints.studentPages.newOrderWithFDID, {
      tags,
      description:
        "A draft for a cash/check sale on the student's page, owned by this browser (its browser key cookie).",
    }),
    handler: (request, reply) =>
      pages.newCashCheckDraft(request.body.fundraiserDeviceGuid, () => reply.browserKey(), requestLanguage(request)),
  });

  app.route({
    ...endpointRoute(endpoints.studentPages.newFundraiserDevice, {
      tags,
      description:
        'A new student page; answers its guid. Limited per client per hour and per phone number per day (429).',
      config: { rateLimit: { max: options.newPagesPerHour, timeWindow: '1 hour' } },
    }),
    handler: async (request, reply) =>
      sendJsonString(reply, await pages.newPage(request.body, requestLanguage(request))),
  });

  app.route({
    ...endpointRoute(endpoints.studentPages.incrementShareClicks, { tags }),
    handler: (request) => counters.countShareClick(request.body.fundraiserDeviceGuid),
  });
};

export default studentPageRoutes;
