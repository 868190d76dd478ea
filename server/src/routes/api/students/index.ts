import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeviceGuidQuery, DeviceInfo, UpdateOptInRequest, UpdateOptInResponse } from '@fu/shared/contracts';
import { notFound } from '../../../plugins/app/errors';
import { deviceRepository } from '../../../repositories/devices';
import { requirePhone } from '../../../phone';

/** Spec §7 Students: the device's student and their reminders choice. */
const studentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const devices = deviceRepository(app.database.db);
  const tags = ['Students'];

  app.get(
    '/GetDeviceInfo',
    { schema: { tags, querystring: DeviceGuidQuery, response: { 200: DeviceInfo } } },
    async (request) => {
      const device = await devices.byGuid(request.query.guid);
      if (!device) throw notFound('We could not find that fundraiser page. Please check the link.');
      const { guid, phone, isOptedIn, studentFirstName, studentLastName } = device;
      return { guid, phone, isOptedIn, studentFirstName, studentLastName };
    },
  );

  app.post(
    '/UpdateOptInStatus',
    { schema: { tags, body: UpdateOptInRequest, response: { 200: UpdateOptInResponse } } },
    async (request) => {
      const phone = requirePhone(request.body.phone);
      const updated = await devices.setOptIn(phone, request.body.status);
      if (updated === 0) throw notFound('No fundraiser page is registered to that phone number.');
      return { phone, isOptedIn: request.body.status, updated };
    },
  );
};

export default studentRoutes;
