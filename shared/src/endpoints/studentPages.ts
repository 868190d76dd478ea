import { CreateOrderResponse, EngagementResponse, FdidQuery } from '../contracts/orders';
import {
  DeviceGuidBody,
  DeviceOrders,
  FundraiserDevice,
  FundraiserDeviceGuidQuery,
  MyFundraisers,
  NewFundraiserDeviceRequest,
  NewFundraiserDeviceResponse,
  QrCodeResponse,
} from '../contracts/students';
import type { EndpointGroup } from './endpoint';

/** Spec §7 api/Orders/ calls behind the student pages (/Fundraiser, /FundraiserOrders, /Fundraisers). */
export const studentPages = {
  getMyFundraiser: {
    method: 'GET',
    path: '/api/Orders/GetMyFundraiser',
    querystring: FundraiserDeviceGuidQuery,
    response: { 200: FundraiserDevice },
  },
  getFundraiserDevice: {
    method: 'GET',
    path: '/api/Orders/GetFundraiserDevice',
    querystring: FdidQuery,
    response: { 200: FundraiserDevice },
  },
  listOrders: {
    method: 'GET',
    path: '/api/Orders/ListOrders',
    querystring: FdidQuery,
    response: { 200: DeviceOrders },
  },
  getFundraisersForDevice: {
    method: 'GET',
    path: '/api/Orders/GetFundraisersForDevice',
    querystring: FdidQuery,
    response: { 200: MyFundraisers },
  },
  getQRCode: {
    method: 'GET',
    path: '/api/Orders/GetQRCode',
    querystring: FdidQuery,
    response: { 200: QrCodeResponse },
  },
  newOrderWithFDID: {
    method: 'POST',
    path: '/api/Orders/NewOrderWithFDID',
    body: DeviceGuidBody,
    response: { 200: CreateOrderResponse },
  },
  newFundraiserDevice: {
    method: 'POST',
    path: '/api/Orders/NewFundraiserDevice',
    body: NewFundraiserDeviceRequest,
    response: { 200: NewFundraiserDeviceResponse },
  },
  incrementShareClicks: {
    method: 'POST',
    path: '/api/Orders/IncrementShareClicks',
    body: DeviceGuidBody,
    response: { 200: EngagementResponse },
  },
} as const satisfies EndpointGroup;
