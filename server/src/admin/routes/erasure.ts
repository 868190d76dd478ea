import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { endpointRoute } from '../../platform/routes/endpointRoute';
import { adminErasure } from '../services/adminErasure';
import { adminActorOf } from './adminActor';

const tags = ['Admin', 'Privacy'];

/** Issue 34 (docs/admin-api.md "Erasure"): support erases a student or a supporter. Behind the admin token (app.ts). */
const erasureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const erasure = adminErasure(app.database.db);

  app.route({
    ...endpointRoute(endpoints.privacy.eraseStudent, {
      tags,
      description:
        'Erases every student page of the phone as its holder would delete it (name, phone, links, reminders, codes, the ' +
        "student on the orders credited to it; amounts stay), and the phone's texts. The phone's STOP and consent records " +
        'are kept. Recorded with who acted (X-Admin-User); answers the record.',
    }),
    handler: (request) => erasure.eraseStudent(request.body.phone, adminActorOf(request)),
  });

  app.route({
    ...endpointRoute(endpoints.privacy.eraseSupporter, {
      tags,
      description:
        'Erases the supporter of every order with that phone or e-mail (names, phone, e-mail, address; on card attempts ' +
        "and tickets too), and the texts and e-mails sent to them. Amounts, lines and payment stay: the team's totals " +
        'and the receipt (which then names no one) still work. Answers the record.',
    }),
    handler: (request) => erasure.eraseSupporter(request.body, adminActorOf(request)),
  });

  app.route({
    ...endpointRoute(endpoints.privacy.getErasures, {
      tags,
      description:
        'The latest erasures, newest first: kind, reason, matched by, who, how many pages, orders and messages, when. Never whose.',
    }),
    handler: (request) => erasure.latest(request.query.limit),
  });
};

export default erasureRoutes;
