import { OrderItems, OrderView } from '../contracts/fundraisers';
import {
  CreateOrderRequest,
  CreateOrderResponse,
  EngagementResponse,
  FundraiserIdQuery,
  IncrementPageVisitsRequest,
  IncrementSocialMediaRequest,
  IncrementStudentContactRequest,
  MatchStudentAnswer,
  MatchStudentQuery,
  OrderIdQuery,
  PhoneQuery,
  ProcessOrderCashCheckRequest,
  ProcessOrderRequest,
  ProcessOrderResponse,
  Receipt,
  ReceiptLookupRequest,
  ReceiptLookupResponse,
  ReceiptQuery,
} from '../contracts/orders';
import { PhoneMessage } from '../contracts/students';
import type { EndpointGroup } from './endpoint';

/** Spec §7 api/Orders/: an order from the order page to its receipt. */
export const orders = {
  createOrder: {
    method: 'POST',
    path: '/api/Orders/CreateOrder',
    body: CreateOrderRequest,
    response: { 200: CreateOrderResponse },
  },
  /** Issue 31: whether the student name typed on a directory-path order is one student's of the team. */
  matchStudent: {
    method: 'GET',
    path: '/api/Orders/MatchStudent',
    querystring: MatchStudentQuery,
    response: { 200: MatchStudentAnswer },
  },
  getOrder: { method: 'GET', path: '/api/Orders/GetOrder', querystring: OrderIdQuery, response: { 200: OrderView } },
  getFundraiserOrder: {
    method: 'GET',
    path: '/api/Orders/GetFundraiserOrder',
    querystring: OrderIdQuery,
    response: { 200: OrderView },
  },
  getItems: {
    method: 'GET',
    path: '/api/Orders/GetItems',
    querystring: FundraiserIdQuery,
    response: { 200: OrderItems },
  },
  listActiveFundraisersByPhone: {
    method: 'GET',
    path: '/api/Orders/ListActiveFundraisersByPhone',
    querystring: PhoneQuery,
    response: { 200: PhoneMessage },
  },
  incrementPageVisits: {
    method: 'POST',
    path: '/api/Orders/IncrementPageVisits',
    body: IncrementPageVisitsRequest,
    response: { 200: EngagementResponse },
  },
  incrementStudentContactEngagement: {
    method: 'POST',
    path: '/api/Orders/IncrementStudentContactEngagement',
    body: IncrementStudentContactRequest,
    response: { 200: EngagementResponse },
  },
  incrementSocialMediaEngagement: {
    method: 'POST',
    path: '/api/Orders/IncrementSocialMediaEngagement',
    body: IncrementSocialMediaRequest,
    response: { 200: EngagementResponse },
  },
  processOrder: {
    method: 'POST',
    path: '/api/Orders/ProcessOrder',
    body: ProcessOrderRequest,
    response: { 200: ProcessOrderResponse },
  },
  /** ProcessOrder for a fundraiser in test mode (the sandbox's test cards only). */
  testProcess: {
    method: 'POST',
    path: '/api/Orders/TestProcess',
    body: ProcessOrderRequest,
    response: { 200: ProcessOrderResponse },
  },
  processOrderCashCheck: {
    method: 'POST',
    path: '/api/Orders/ProcessOrderCashCheck',
    body: ProcessOrderCashCheckRequest,
    response: { 200: ProcessOrderResponse },
  },
  getReceipt: { method: 'GET', path: '/api/Orders/GetReceipt', querystring: ReceiptQuery, response: { 200: Receipt } },
  /** The receipt as a PDF download: a link's address, not a JSON call. */
  getReceiptPdf: {
    method: 'GET',
    path: '/api/Orders/GetReceiptPdf',
    querystring: ReceiptQuery,
    produces: ['application/pdf'],
  },
  lookupReceipt: {
    method: 'POST',
    path: '/api/Orders/LookupReceipt',
    body: ReceiptLookupRequest,
    response: { 200: ReceiptLookupResponse },
  },
} as const satisfies EndpointGroup;
