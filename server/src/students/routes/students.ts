import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { pageNotFound } from '../../platform/http/errors';
import { requestLanguage } from '../../platform/http/requestLanguage';
import { phoneOwnership } from '../services/phoneOwnership';
import { parentalConsent } from '../services/parentalConsent';
import { clientBudget } from '../../platform/routes/clientBudget';
import { endpointRoute } from '../../platform/routes/endpointRoute';

/** Spec §7 Students: the device's student, their reminders choice and its consent, their progress. */
const studentRoutes: FastifyPluginAsyncTypebox<{
  publicUrl: string;
  phoneConfirmPerMinute: number;
  parentConsentLinksPerDay: number;
}> = async (app, options) => {
  const { progress } = app.repositories;
  const phones = phoneOwnership(app.database.db, app.repositories, app.sms, { publicUrl: options.publicUrl });
  const parents = parentalConsent(app.database.db, app.repositories, app.sms, {
    publicUrl: options.publicUrl,
    log: (message) => app.log.warn(message),
  });
  const tags = ['Students'];
  const confirmLimit = { rateLimit: { max: options.phoneConfirmPerMinute, timeWindow: '1 minute' } };
  // Each parent's link texts a number the page's holder typed: so many a day from one client, besides the minute's.
  const spendParentLink = clientBudget(app, {
    name: 'parent-consent',
    max: options.parentConsentLinksPerDay,
    timeWindow: '1 day',
  });

  app.route({
    ...endpointRoute(endpoints.students.getDeviceInfo, { tags }),
    handler: (request) => phones.deviceInfo(request.query.guid, request.browserKeyHash()),
  });

  app.route({
    ...endpointRoute(endpoints.students.getProgress, {
      tags,
      description:
        "Issue 9: the student's own progress: the paid orders credited to their page summed, the fundraiser's " +
        "goal per student, and their rank among the team's students by amount raised (ties share a rank).",
    }),
    handler: async (request) => {
      const found = await progress.studentProgress(request.query.guid);
      if (!found) throw pageNotFound();
      return found;
    },
  });

  app.route({
    ...endpointRoute(endpoints.students.getTeamProgress, {
      tags,
      description:
        "The team's progress with its leaderboard (students' first names and last initials), for a student's " +
        'own page: the leaderboard names students, so it needs a page guid of the team. A fundraiser in privacy ' +
        'mode (issue 34) has none: `leaderboard: []` and `privacyMode: true`, with the team figures.',
    }),
    handler: async (request) => {
      const found = await progress.teamStandings(request.query.guid);
      if (!found) throw pageNotFound();
      return found;
    },
  });

  app.route({
    ...endpointRoute(endpoints.students.updateOptInStatus, {
      tags,
      description:
        "Reminders on or off. Needs the page's guid (the spec's {phone, status} let anyone change anyone's " +
        'choice): it changes that page, or every page of the phone from a browser that confirmed the phone. ' +
        'Reminders go out only for a confirmed page: turning them on texts the phone a confirmation link.',
      config: confirmLimit,
    }),
    handler: (request) => phones.updateOptIn(request.body, request.browserKeyHash(), requestLanguage(request)),
  });

  app.route({
    ...endpointRoute(endpoints.students.sendPhoneConfirmation, {
      tags,
      description: "Texts the page's phone a new link that confirms it (only the newest link works).",
      config: confirmLimit,
    }),
    handler: (request) => phones.sendConfirmation(request.body.fundraiserDeviceGuid, requestLanguage(request)),
  });

  app.route({
    ...endpointRoute(endpoints.students.confirmPhone, {
      tags,
      description:
        "Uses the code of a texted confirmation link on its page: the page's reminders may go out, and this " +
        'browser (its browser key cookie) sees every page of the phone. A wrong, used or expired code is a 4xx.',
      config: confirmLimit,
    }),
    handler: (request, reply) =>
      phones.confirm(request.body.fundraiserDeviceGuid, request.body.code, () => reply.browserKey()),
  });

  // Issue 34 (COPPA): children's pages with a parent (docs/security.md "Children under 13 (COPPA)").
  app.route({
    ...endpointRoute(endpoints.students.answerStudentAge, {
      tags,
      description:
        'The page\'s answer to "Is the student 13 or older?", given once (409 after). A page not answered yes ' +
        'stays private until a parent confirms it.',
      config: confirmLimit,
    }),
    handler: (request) => parents.answerAge(request.body.fundraiserDeviceGuid, request.body.studentIs13OrOlder),
  });

  app.route({
    ...endpointRoute(endpoints.students.requestParentConsent, {
      tags,
      description:
        "Texts a parent's phone a single-use link (/ParentConsent/{token}) that confirms a younger student's " +
        "page. Limited per client a minute and a day, per page a day and by the phone's text budget; never to a " +
        'phone that replied STOP.',
      config: confirmLimit,
    }),
    preHandler: (request) => spendParentLink(request),
    handler: (request) => parents.requestConsent(request.body, requestLanguage(request)),
  });

  app.route({
    ...endpointRoute(endpoints.students.getParentConsent, {
      tags,
      description:
        "What a parent's texted link asks them to agree to (the student, the fundraiser, the phone). POST so that " +
        'the token stays out of logs; reading changes nothing. A wrong, used or expired token is a 4xx.',
      config: confirmLimit,
    }),
    handler: (request) => parents.view(request.body.token),
  });

  app.route({
    ...endpointRoute(endpoints.students.confirmParentConsent, {
      tags,
      description:
        "The parent confirms: the link is used once, the page is no longer private and its texts go to the parent's " +
        'phone; the consent is recorded (text_consents) and the parent gets one text saying so.',
      config: confirmLimit,
    }),
    handler: (request) => parents.confirm(request.body.token, requestLanguage(request)),
  });
};

export default studentRoutes;
