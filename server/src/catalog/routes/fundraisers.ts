import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { HttpError, notFound } from '../../platform/http/errors';
import { requestLanguage } from '../../platform/http/requestLanguage';
import { endpointRoute } from '../../platform/routes/endpointRoute';
import { PHONE_LOOKUP_DESCRIPTION, phoneLookupAnswers, phoneLookupRateLimit } from '../../students/routes/phoneLookup';

export interface FundraiserRouteOptions {
  /** The site's public origin: the receipt links texted start with it. */
  publicUrl: string;
  receiptSecret: string;
  phoneLookupsPerPhonePerDay: number;
  phoneLookupsPerMinute: number;
}

/** Spec §7 "Fundraiser lookup": GET, JSON, under /api/Fundraisers/. */
const fundraiserRoutes: FastifyPluginAsyncTypebox<FundraiserRouteOptions> = async (app, options) => {
  const { fundraisers: repository, orders, progress } = app.repositories;
  const lookups = phoneLookupAnswers(app, {
    publicUrl: options.publicUrl,
    receiptSecret: options.receiptSecret,
    perPhonePerDay: options.phoneLookupsPerPhonePerDay,
  });
  const tags = ['Fundraisers'];

  app.route({
    ...endpointRoute(endpoints.fundraisers.listActiveStates, { tags }),
    handler: (request) => repository.listActiveStates(request.query.itemId ?? 0),
  });

  app.route({
    ...endpointRoute(endpoints.fundraisers.listActiveSchools, { tags }),
    handler: (request) => repository.listActiveSchools(request.query.location, request.query.itemId ?? 0),
  });

  app.route({
    ...endpointRoute(endpoints.fundraisers.getSchool, { tags }),
    handler: async (request) => {
      const school = await repository.getSchool(request.query.schoolId);
      if (!school) throw notFound('School not found.');
      return school;
    },
  });

  app.route({
    ...endpointRoute(endpoints.fundraisers.listActiveFundraisers, {
      tags,
      description: `With schoolId: the school's active groups. With only phone: ${PHONE_LOOKUP_DESCRIPTION}`,
      config: phoneLookupRateLimit(options.phoneLookupsPerMinute, true),
    }),
    handler: async (request) => {
      const { schoolId, itemId, phone } = request.query;
      if (schoolId !== undefined) return repository.listActiveFundraisers(schoolId, itemId ?? 0);
      if (phone !== undefined) return lookups.pageLinks(phone, requestLanguage(request));
      throw new HttpError(400, 'Give a schoolId or a phone.', [{ field: 'schoolId', message: 'is required' }]);
    },
  });

  app.route({
    ...endpointRoute(endpoints.fundraisers.getFundraiserDetails, { tags }),
    handler: async (request) => {
      const details = await repository.getFundraiserDetails(request.query.fundraiserId);
      if (!details) throw notFound('Fundraiser not found.');
      return details;
    },
  });

  const deviceDetails = async (by: 'guid' | 'contactGuid' | 'socialGuid', guid: string) => {
    const details = await repository.getDetailsForDevice(by, guid);
    if (!details) throw notFound('We could not find that fundraiser page. Please check the link.');
    return details;
  };

  app.route({
    ...endpointRoute(endpoints.fundraisers.getFundraiserDetailsForDevice, { tags }),
    handler: (request) => deviceDetails('guid', request.query.fdid),
  });

  app.route({
    ...endpointRoute(endpoints.fundraisers.getFundraiserDetailsForStudentContact, { tags }),
    handler: (request) => deviceDetails('contactGuid', request.query.contactGuid),
  });

  app.route({
    ...endpointRoute(endpoints.fundraisers.getFundraiserDetailsForSocialMedia, { tags }),
    handler: (request) => deviceDetails('socialGuid', request.query.socialGuid),
  });

  app.route({
    ...endpointRoute(endpoints.fundraisers.getOptionBundlesForItem, { tags }),
    handler: (request) => orders.bundlesForItem(request.query.itemId),
  });

  app.route({
    ...endpointRoute(endpoints.fundraisers.getOptionBundlesForFundraiser, {
      tags,
      description:
        'Every bundle of the items the fundraiser sells, by item (an item without bundles has none). The order ' +
        'page asks once for all of them: one GetOptionBundlesForItem per item made it N+2 requests, this makes 3 ' +
        '(details, bundles, progress).',
    }),
    handler: async (request) => {
      const bundles = await orders.bundlesForFundraiser(request.query.fundraiserId);
      if (!bundles) throw notFound('Fundraiser not found.');
      return bundles;
    },
  });

  app.route({
    ...endpointRoute(endpoints.fundraisers.getFundraiserDevice, {
      tags,
      description: PHONE_LOOKUP_DESCRIPTION,
      config: phoneLookupRateLimit(options.phoneLookupsPerMinute),
    }),
    handler: (request) => lookups.pageLinks(request.query.phone, requestLanguage(request)),
  });

  app.route({
    ...endpointRoute(endpoints.fundraisers.getProgress, {
      tags,
      description:
        "Issue 9: the team's goal progress from its paid orders (raised = the sum of their totals: items, " +
        'shipping and donation; cashCheckCents the part recorded as cash or check). goalCents = ' +
        'goalPerStudentCents × studentCount (at least 1). Public, so no student is named: the leaderboard is ' +
        'Students/GetTeamProgress, for a page guid of the team.',
    }),
    handler: async (request) => {
      const found = await progress.fundraiserProgress(request.query.fundraiserId);
      if (!found) throw notFound('Fundraiser not found.');
      return found;
    },
  });

  app.route({
    ...endpointRoute(endpoints.fundraisers.listOrders, {
      tags,
      description: PHONE_LOOKUP_DESCRIPTION,
      config: phoneLookupRateLimit(options.phoneLookupsPerMinute),
    }),
    handler: (request) => lookups.receiptLinks(request.query.phone, requestLanguage(request)),
  });
};

export default fundraiserRoutes;
