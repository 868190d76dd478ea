import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { adminActorOf } from '../../admin/routes/adminActor';
import { endpointRoute } from '../../platform/routes/endpointRoute';
import { textConsents } from '../services/textConsents';

const tags = ['Admin', 'Texts'];

/** Issue 34: the record of every consent to texts, and support's opt-out, for the admin app. Behind the admin token (app.ts). */
const textConsentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const consents = textConsents(app.database.db, app.repositories);

  app.route({
    ...endpointRoute(endpoints.admin.getTextConsents, {
      tags,
      description:
        'Every consent to texts the phone gave or revoked, oldest first: what for (reminders, ticket texts, all), ' +
        'how (web form, texted confirmation link, keyword reply, admin), when, and from which page or keyword; and ' +
        'whether it is opted out of every text now (it replied STOP). The phone in any form the site takes.',
    }),
    handler: (request) => consents.ofPhone(request.query.phone),
  });

  app.route({
    ...endpointRoute(endpoints.admin.optOutPhone, {
      tags,
      description:
        "The phone's owner asked support (a call, an e-mail) to stop every text: it is opted out at once, as by a " +
        'texted STOP, without a text, recorded with who acted (X-Admin-User). Only its owner lifts it, by texting START. ' +
        "Answers the phone's record.",
    }),
    handler: (request) => consents.optOut(request.body.phone, adminActorOf(request)),
  });
};

export default textConsentRoutes;
