import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PhoneMessage,
  PhoneQuery,
  ContactGuidQuery,
  FdidQuery,
  ItemIdRequiredQuery,
  FundraiserOptionBundles,
  OptionBundle,
  SocialGuidQuery,
  FundraiserOrder,
  FundraiserProgress,
  GetFundraiserDetailsQuery,
  GetSchoolQuery,
  ItemIdQuery,
  ListActiveFundraisersQuery,
  ListActiveFundraisersResponse,
  ListActiveSchoolsQuery,
  ListActiveSchoolsResponse,
  ListActiveStatesResponse,
  School,
} from '@fu/shared/contracts';
import { HttpError, notFound } from '../../../errors';
import { fundraiserRepository } from '../../../repositories/fundraisers';
import { orderRepository } from '../../../repositories/orders';
import { progressRepository } from '../../../repositories/progress';
import { Type } from 'typebox';
import { PHONE_LOOKUP_DESCRIPTION, phoneLookupAnswers, phoneLookupRateLimit } from '../../phoneLookup';

export interface FundraiserRouteOptions {
  links: { gatewayUrl: string; appSiteUrl: string };
  receiptSecret: string;
  phoneLookupsPerPhonePerDay: number;
  phoneLookupsPerMinute: number;
}

/** Spec §7 "Fundraiser lookup": GET, JSON, under /api/Fundraisers/. */
const fundraiserRoutes: FastifyPluginAsyncTypebox<FundraiserRouteOptions> = async (app, options) => {
  const repository = fundraiserRepository(app.database.db, options.links);
  const orders = orderRepository(app.database.db, repository);
  const progress = progressRepository(app.database.db);
  const lookups = phoneLookupAnswers(app, orders, {
    publicUrl: options.links.appSiteUrl,
    receiptSecret: options.receiptSecret,
    perPhonePerDay: options.phoneLookupsPerPhonePerDay,
  });
  const tags = ['Fundraisers'];

  app.get(
    '/ListActiveStates',
    { schema: { tags, querystring: ItemIdQuery, response: { 200: ListActiveStatesResponse } } },
    (request) => repository.listActiveStates(request.query.itemId ?? 0),
  );

  app.get(
    '/ListActiveSchools',
    { schema: { tags, querystring: ListActiveSchoolsQuery, response: { 200: ListActiveSchoolsResponse } } },
    (request) => repository.listActiveSchools(request.query.location, request.query.itemId ?? 0),
  );

  app.get(
    '/GetSchool',
    { schema: { tags, querystring: GetSchoolQuery, response: { 200: School } } },
    async (request) => {
      const school = await repository.getSchool(request.query.schoolId);
      if (!school) throw notFound('School not found.');
      return school;
    },
  );

  app.get(
    '/ListActiveFundraisers',
    {
      config: phoneLookupRateLimit(options.phoneLookupsPerMinute, true),
      schema: {
        tags,
        description: `With schoolId: the school's active groups. With only phone: ${PHONE_LOOKUP_DESCRIPTION}`,
        querystring: ListActiveFundraisersQuery,
        response: { 200: Type.Union([ListActiveFundraisersResponse, PhoneMessage]) },
      },
    },
    async (request) => {
      const { schoolId, itemId, phone } = request.query;
      if (schoolId !== undefined) return repository.listActiveFundraisers(schoolId, itemId ?? 0);
      if (phone !== undefined) return lookups.pageLinks(phone);
      throw new HttpError(400, 'Give a schoolId or a phone.', [{ field: 'schoolId', message: 'is required' }]);
    },
  );

  app.get(
    '/GetFundraiserDetails',
    { schema: { tags, querystring: GetFundraiserDetailsQuery, response: { 200: FundraiserOrder } } },
    async (request) => {
      const details = await repository.getFundraiserDetails(request.query.fundraiserId);
      if (!details) throw notFound('Fundraiser not found.');
      return details;
    },
  );

  const deviceDetails = async (by: 'guid' | 'contactGuid' | 'socialGuid', guid: string) => {
    const details = await repository.getDetailsForDevice(by, guid);
    if (!details) throw notFound('We could not find that fundraiser page. Please check the link.');
    return details;
  };

  app.get(
    '/GetFundraiserDetailsForDevice',
    { schema: { tags, querystring: FdidQuery, response: { 200: FundraiserOrder } } },
    (request) => deviceDetails('guid', request.query.fdid),
  );

  app.get(
    '/GetFundraiserDetailsForStudentContact',
    { schema: { tags, querystring: ContactGuidQuery, response: { 200: FundraiserOrder } } },
    (request) => deviceDetails('contactGuid', request.query.contactGuid),
  );

  app.get(
    '/GetFundraiserDetailsForSocialMedia',
    { schema: { tags, querystring: SocialGuidQuery, response: { 200: FundraiserOrder } } },
    (request) => deviceDetails('socialGuid', request.query.socialGuid),
  );

  app.get(
    '/GetOptionBundlesForItem',
    { schema: { tags, querystring: ItemIdRequiredQuery, response: { 200: Type.Array(OptionBundle) } } },
    (request) => orders.bundlesForItem(request.query.itemId),
  );

  app.get(
    '/GetOptionBundlesForFundraiser',
    {
      schema: {
        tags,
        description:
          'Every bundle of the items the fundraiser sells, by item (an item without bundles has none). The order ' +
          'page asks once for all of them: one GetOptionBundlesForItem per item made it N+2 requests, this makes 3 ' +
          '(details, bundles, progress).',
        querystring: GetFundraiserDetailsQuery,
        response: { 200: FundraiserOptionBundles },
      },
    },
    async (request) => {
      const bundles = await orders.bundlesForFundraiser(request.query.fundraiserId);
      if (!bundles) throw notFound('Fundraiser not found.');
      return bundles;
    },
  );

  app.get(
    '/GetFundraiserDevice',
    {
      config: phoneLookupRateLimit(options.phoneLookupsPerMinute),
      schema: { tags, description: PHONE_LOOKUP_DESCRIPTION, querystring: PhoneQuery, response: { 200: PhoneMessage } },
    },
    (request) => lookups.pageLinks(request.query.phone),
  );

  app.get(
    '/GetProgress',
    {
      schema: {
        tags,
        description:
          "Issue 9: the team's goal progress from its paid orders (raised = the sum of their totals: items, " +
          'shipping and donation; cashCheckCents the part recorded as cash or check). goalCents = ' +
          'goalPerStudentCents × studentCount (at least 1). Public, so no student is named: the leaderboard is ' +
          'Students/GetTeamProgress, for a page guid of the team.',
        querystring: GetFundraiserDetailsQuery,
        response: { 200: FundraiserProgress },
      },
    },
    async (request) => {
      const found = await progress.fundraiserProgress(request.query.fundraiserId);
      if (!found) throw notFound('Fundraiser not found.');
      return found;
    },
  );

  app.get(
    '/ListOrders',
    {
      config: phoneLookupRateLimit(options.phoneLookupsPerMinute),
      schema: { tags, description: PHONE_LOOKUP_DESCRIPTION, querystring: PhoneQuery, response: { 200: PhoneMessage } },
    },
    (request) => lookups.receiptLinks(request.query.phone),
  );
};

export default fundraiserRoutes;
