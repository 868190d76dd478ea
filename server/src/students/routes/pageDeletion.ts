import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { endpointRoute } from '../../platform/routes/endpointRoute';
import { requestLanguage } from '../../platform/http/requestLanguage';
import { pageDeletion } from '../services/pageDeletion';

/** Issue 34 (docs/privacy.md): a student page deleted by its holder, with a link texted to its phone. */
const pageDeletionRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string; perMinute: number }> = async (
  app,
  options,
) => {
  const deletion = pageDeletion(app.database.db, app.repositories, app.sms, { publicUrl: options.publicUrl });
  const tags = ['Students'];
  const config = { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } };

  app.route({
    ...endpointRoute(endpoints.privacy.requestPageDeletion, {
      tags,
      description:
        "Texts the page's phone a link that deletes the page (single use, an hour; only the newest works). Answers " +
        'the sentence to show: the link texted, or why not (STOP, the daily budget, the provider).',
      config,
    }),
    handler: (request) => deletion.request(request.body.fundraiserDeviceGuid, requestLanguage(request)),
  });

  app.route({
    ...endpointRoute(endpoints.privacy.deletePage, {
      tags,
      description:
        "Uses the code of a texted delete link on its page: the student's name, phone, links, reminders and codes are " +
        'erased, and the student on the orders credited to the page; amounts stay. A wrong, used or expired code is a 4xx.',
      config,
    }),
    handler: (request) => deletion.confirm(request.body.fundraiserDeviceGuid, request.body.code),
  });
};

export default pageDeletionRoutes;
