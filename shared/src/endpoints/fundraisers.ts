import {
  FundraiserOrder,
  FundraiserProgress,
  GetFundraiserDetailsQuery,
  GetSchoolQuery,
  ItemIdQuery,
  ListActiveFundraisersAnswer,
  ListActiveFundraisersQuery,
  ListActiveSchoolsQuery,
  ListActiveSchoolsResponse,
  ListActiveStatesResponse,
  School,
} from '../contracts/fundraisers';
import {
  ContactGuidQuery,
  FdidQuery,
  ItemIdRequiredQuery,
  OptionBundles,
  FundraiserOptionBundles,
  PhoneQuery,
  SocialGuidQuery,
} from '../contracts/orders';
import { PhoneMessage } from '../contracts/students';
import type { EndpointGroup } from './endpoint';

/** Spec §7 "Fundraiser lookup": GET, JSON, under /api/Fundraisers/. */
export const fundraisers = {
  listActiveStates: {
    method: 'GET',
    path: '/api/Fundraisers/ListActiveStates',
    querystring: ItemIdQuery,
    response: { 200: ListActiveStatesResponse },
  },
  listActiveSchools: {
    method: 'GET',
    path: '/api/Fundraisers/ListActiveSchools',
    querystring: ListActiveSchoolsQuery,
    response: { 200: ListActiveSchoolsResponse },
  },
  getSchool: {
    method: 'GET',
    path: '/api/Fundraisers/GetSchool',
    querystring: GetSchoolQuery,
    response: { 200: School },
  },
  listActiveFundraisers: {
    method: 'GET',
    path: '/api/Fundraisers/ListActiveFundraisers',
    querystring: ListActiveFundraisersQuery,
    response: { 200: ListActiveFundraisersAnswer },
  },
  getFundraiserDetails: {
    method: 'GET',
    path: '/api/Fundraisers/GetFundraiserDetails',
    querystring: GetFundraiserDetailsQuery,
    response: { 200: FundraiserOrder },
  },
  getFundraiserDetailsForDevice: {
    method: 'GET',
    path: '/api/Fundraisers/GetFundraiserDetailsForDevice',
    querystring: FdidQuery,
    response: { 200: FundraiserOrder },
  },
  getFundraiserDetailsForStudentContact: {
    method: 'GET',
    path: '/api/Fundraisers/GetFundraiserDetailsForStudentContact',
    querystring: ContactGuidQuery,
    response: { 200: FundraiserOrder },
  },
  getFundraiserDetailsForSocialMedia: {
    method: 'GET',
    path: '/api/Fundraisers/GetFundraiserDetailsForSocialMedia',
    querystring: SocialGuidQuery,
    response: { 200: FundraiserOrder },
  },
  getOptionBundlesForItem: {
    method: 'GET',
    path: '/api/Fundraisers/GetOptionBundlesForItem',
    querystring: ItemIdRequiredQuery,
    response: { 200: OptionBundles },
  },
  getOptionBundlesForFundraiser: {
    method: 'GET',
    path: '/api/Fundraisers/GetOptionBundlesForFundraiser',
    querystring: GetFundraiserDetailsQuery,
    response: { 200: FundraiserOptionBundles },
  },
  getFundraiserDevice: {
    method: 'GET',
    path: '/api/Fundraisers/GetFundraiserDevice',
    querystring: PhoneQuery,
    response: { 200: PhoneMessage },
  },
  getProgress: {
    method: 'GET',
    path: '/api/Fundraisers/GetProgress',
    querystring: GetFundraiserDetailsQuery,
    response: { 200: FundraiserProgress },
  },
  listOrders: {
    method: 'GET',
    path: '/api/Fundraisers/ListOrders',
    querystring: PhoneQuery,
    response: { 200: PhoneMessage },
  },
} as const satisfies EndpointGroup;
