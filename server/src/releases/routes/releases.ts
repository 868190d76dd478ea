import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { adminActorOf } from '../../admin/routes/adminActor';
import { endpointRoute } from '../../platform/routes/endpointRoute';

const tags = ['Admin', 'Releases'];

/**
 * Issue 21: the release registry for the teams that release remotes (docs/releasing.md). Behind the
 * admin token (the scope in app.ts). A change shows on every instance's next page load.
 */
const releaseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpointRoute(endpoints.admin.releases, {
      tags,
      description: "Each remote's live release, canary and where a rollback goes, with its history (newest first).",
    }),
    handler: () => app.releases.list(),
  });

  app.route({
    ...endpointRoute(endpoints.admin.promoteRelease, {
      tags,
      description:
        'Makes a deployed release live for everyone, or with share 1–99 a canary for that percentage of ' +
        "browsers (each browser keeps its side). Refused (409) when the live shell does not provide what the release's " +
        'build requires, saying which requirement fails; 404 when the release is not deployed.',
    }),
    handler: (request) => app.releases.promote({ ...request.body, actor: adminActorOf(request) }),
  });

  app.route({
    ...endpointRoute(endpoints.admin.rollbackRelease, {
      tags,
      description: 'Ends a running canary; otherwise makes the release live before the current one live again.',
    }),
    handler: (request) => app.releases.rollback({ ...request.body, actor: adminActorOf(request) }),
  });
};

export default releaseRoutes;
