import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeviceGuidQuery,
  DeviceInfo,
  StudentProgress,
  UpdateOptInRequest,
  UpdateOptInResponse,
} from '@fu/shared/contracts';
import { notFound } from '../../../plugins/app/errors';
import { deviceRepository } from '../../../repositories/devices';
import { progressRepository } from '../../../repositories/progress';
import { requirePhone } from '../../../phone';

/** Spec §7 Students: the device's student and their reminders choice. */
const studentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const devices = deviceRepository(app.database.db);
  const progress = progressRepository(app.database.db);
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

  app.get(
    '/GetProgress',
    {
      schema: {
        tags,
        description:
          "Issue 9: the student's own progress: the paid orders credited to their page summed, the fundraiser's " +
          "goal per student, and their rank among the team's students by amount raised (ties share a rank).",
        querystring: DeviceGuidQuery,
        response: { 200: StudentProgress },
      },
    },
    async (request) => {
      const found = await progress.studentProgress(request.query.guid);
      if (!found) throw notFound('We could not find that fundraiser page. Please check the link.');
      return found;
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
