import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ACCESS_MESSAGES,
  ConfirmPhoneRequest,
  DeviceGuidQuery,
  DeviceInfo,
  PhoneMessage,
  SendPhoneConfirmationRequest,
  StudentProgress,
  TeamStandings,
  UpdateOptInRequest,
  UpdateOptInResponse,
} from '@fu/shared/contracts';
import { formatPhone } from '@fu/shared/rules';
import { HttpError, notFound } from '../../../errors';
import { deviceRepository } from '../../../repositories/devices';
import { progressRepository } from '../../../repositories/progress';
import { requirePhone } from '../../../phone';
import { SmsBudgetExceededError, SmsSendError } from '../../../sms';
import {
  browserOwnsPhone,
  confirmPhoneCode,
  PHONE_CODE_MESSAGES,
  textPhoneCode,
} from '../../../services/phoneOwnership';

const NO_PAGE = 'We could not find that fundraiser page. Please check the link.';

/** Spec §7 Students: the device's student, their reminders choice and its consent, their progress. */
const studentRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string; phoneConfirmPerMinute: number }> = async (
  app,
  options,
) => {
  const db = app.database.db;
  const devices = deviceRepository(db);
  const progress = progressRepository(db);
  const tags = ['Students'];
  const confirmLimit = { rateLimit: { max: options.phoneConfirmPerMinute, timeWindow: '1 minute' } };

  const deviceOrFail = async (guid: string) => {
    const device = await devices.byGuid(guid);
    if (!device) throw notFound(NO_PAGE);
    return device;
  };

  /** Texts the page's phone its confirmation link; the sentence to show, whatever happened. */
  const sendConfirmation = async (device: Awaited<ReturnType<typeof deviceOrFail>>): Promise<string> => {
    try {
      await textPhoneCode(db, app.sms, device, { publicUrl: options.publicUrl });
      return `We texted a link to ${formatPhone(device.phone)}. Open it on that phone and tap Confirm to start your reminders.`;
    } catch (error) {
      if (error instanceof SmsBudgetExceededError) return ACCESS_MESSAGES.tooManyTexts;
      if (error instanceof SmsSendError)
        return 'We could not send the text just now. Please try again in a few minutes.';
      throw error;
    }
  };

  app.get(
    '/GetDeviceInfo',
    { schema: { tags, querystring: DeviceGuidQuery, response: { 200: DeviceInfo } } },
    async (request) => {
      const device = await deviceOrFail(request.query.guid);
      const { guid, phone, isOptedIn, studentFirstName, studentLastName } = device;
      return {
        guid,
        phone,
        isOptedIn,
        phoneConfirmed: device.phoneVerifiedAt !== null,
        phoneConfirmedHere: await browserOwnsPhone(db, request.browserKeyHash(), phone),
        studentFirstName,
        studentLastName,
      };
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
      if (!found) throw notFound(NO_PAGE);
      return found;
    },
  );

  app.get(
    '/GetTeamProgress',
    {
      schema: {
        tags,
        description:
          "The team's progress with its leaderboard (students' first names and last initials), for a student's " +
          'own page: the leaderboard names students, so it needs a page guid of the team.',
        querystring: DeviceGuidQuery,
        response: { 200: TeamStandings },
      },
    },
    async (request) => {
      const found = await progress.teamStandings(request.query.guid);
      if (!found) throw notFound(NO_PAGE);
      return found;
    },
  );

  app.post(
    '/UpdateOptInStatus',
    {
      config: confirmLimit,
      schema: {
        tags,
        description:
          "Reminders on or off. Needs the page's guid (the spec's {phone, status} let anyone change anyone's " +
          'choice): it changes that page, or every page of the phone from a browser that confirmed the phone. ' +
          'Reminders go out only for a confirmed page: turning them on texts the phone a confirmation link.',
        body: UpdateOptInRequest,
        response: { 200: UpdateOptInResponse },
      },
    },
    async (request) => {
      const device = await deviceOrFail(request.body.fundraiserDeviceGuid);
      const phone = requirePhone(request.body.phone);
      if (phone !== device.phone) throw new HttpError(403, 'That is not the phone number of this fundraiser page.');
      const { status } = request.body;
      // A browser that confirmed the phone speaks for every page of it, and its "on" is consent.
      const ownsPhone = await browserOwnsPhone(db, request.browserKeyHash(), phone);
      const updated = await devices.setOptIn(device, status, ownsPhone);
      const phoneConfirmed = device.phoneVerifiedAt !== null || (ownsPhone && status);
      const message = status && !phoneConfirmed ? await sendConfirmation(device) : undefined;
      return { phone, isOptedIn: status, updated, phoneConfirmed, message };
    },
  );

  app.post(
    '/SendPhoneConfirmation',
    {
      config: confirmLimit,
      schema: {
        tags,
        description: "Texts the page's phone a new link that confirms it (only the newest link works).",
        body: SendPhoneConfirmationRequest,
        response: { 200: PhoneMessage },
      },
    },
    async (request) => ({ message: await sendConfirmation(await deviceOrFail(request.body.fundraiserDeviceGuid)) }),
  );

  app.post(
    '/ConfirmPhone',
    {
      config: confirmLimit,
      schema: {
        tags,
        description:
          "Uses the code of a texted confirmation link on its page: the page's reminders may go out, and this " +
          'browser (its browser key cookie) sees every page of the phone. A wrong, used or expired code is a 4xx.',
        body: ConfirmPhoneRequest,
        response: { 200: PhoneMessage },
      },
    },
    async (request, reply) => {
      const device = await deviceOrFail(request.body.fundraiserDeviceGuid);
      await confirmPhoneCode(db, device, request.body.code, reply.browserKey());
      return { message: PHONE_CODE_MESSAGES.confirmed };
    },
  );
};

export default studentRoutes;
