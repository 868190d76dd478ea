import {
  AdminBaseUrl,
  AdminFundraiser,
  AdminFundraiserQuery,
  AdminSchool,
  AdminSchoolQuery,
  AdminTeam,
  AdminTicket,
  AdminTicketQuery,
  AdminTicketSummaries,
  AdminVendorOfferQuery,
  AdminVendorQuery,
  AvailableVendorOffersQuery,
  ComplimentaryTicket,
  ComplimentaryTicketQuery,
  ComplimentaryTickets,
  DeleteTicketRequest,
  DeleteTicketResponse,
  RevokeAllResponse,
  SaveFundraiserRequest,
  SaveSchoolRequest,
  SaveTeamRequest,
  SaveTicketRequest,
  SaveVendorOfferRequest,
  SaveVendorRequest,
  TicketPurchaseIdQuery,
  Vendor,
  VendorOffer,
  VendorOffers,
  Vendors,
} from '../contracts/admin';
import { ApiError } from '../contracts/common';
import { PromoteReleaseRequest, ReleaseList, RemoteReleases, RollbackReleaseRequest } from '../contracts/releases';
import {
  CollectedCashOrders,
  CollectedCashQuery,
  ConfirmCashReceivedRequest,
  ConfirmCashReceivedResponse,
} from '../contracts/collectedCash';
import { OptOutPhoneRequest, TextConsents, TextConsentsQuery } from '../contracts/texts';
import type { TSchema } from 'typebox';
import type { EndpointGroup } from './endpoint';

/** Every admin answer: its own 200, or the errors every admin call can give (a token missing: 401). */
const answers = <T extends TSchema>(ok: T) =>
  ({ 200: ok, 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 503: ApiError }) as const;

/**
 * Spec §7 "Admin (api/Admin/)": vendors, offers, tickets, teams and complimentary tickets for the
 * external admin app. Every call needs `Authorization: Bearer <ADMIN_API_TOKEN>` (admin/plugins/adminAuth).
 */
export const admin = {
  getVendors: { method: 'GET', path: '/api/Admin/GetVendors', response: answers(Vendors) },
  getVendor: { method: 'GET', path: '/api/Admin/GetVendor', querystring: AdminVendorQuery, response: answers(Vendor) },
  saveVendor: { method: 'POST', path: '/api/Admin/SaveVendor', body: SaveVendorRequest, response: answers(Vendor) },
  getVendorOffers: { method: 'GET', path: '/api/Admin/GetVendorOffers', response: answers(VendorOffers) },
  getThisVendorsOffers: {
    method: 'GET',
    path: '/api/Admin/GetThisVendorsOffers',
    querystring: AdminVendorQuery,
    response: answers(VendorOffers),
  },
  getVendorOffer: {
    method: 'GET',
    path: '/api/Admin/GetVendorOffer',
    querystring: AdminVendorOfferQuery,
    response: answers(VendorOffer),
  },
  saveVendorOffer: {
    method: 'POST',
    path: '/api/Admin/SaveVendorOffer',
    body: SaveVendorOfferRequest,
    response: answers(VendorOffer),
  },
  getAvailableVendorOffers: {
    method: 'GET',
    path: '/api/Admin/GetAvailableVendorOffers',
    querystring: AvailableVendorOffersQuery,
    response: answers(VendorOffers),
  },
  getTickets: { method: 'GET', path: '/api/Admin/GetTickets', response: answers(AdminTicketSummaries) },
  getTicket: {
    method: 'GET',
    path: '/api/Admin/GetTicket',
    querystring: AdminTicketQuery,
    response: answers(AdminTicket),
  },
  getTicketByFundraiser: {
    method: 'GET',
    path: '/api/Admin/GetTicketByFundraiser',
    querystring: AdminFundraiserQuery,
    response: answers(AdminTicket),
  },
  saveTicket: {
    method: 'POST',
    path: '/api/Admin/SaveTicket',
    body: SaveTicketRequest,
    response: answers(AdminTicket),
  },
  deleteTicket: {
    method: 'POST',
    path: '/api/Admin/DeleteTicket',
    body: DeleteTicketRequest,
    response: answers(DeleteTicketResponse),
  },
  getTeam: { method: 'GET', path: '/api/Admin/GetTeam', querystring: AdminTicketQuery, response: answers(AdminTeam) },
  saveTeam: { method: 'POST', path: '/api/Admin/SaveTeam', body: SaveTeamRequest, response: answers(AdminTeam) },
  getFundraiser: {
    method: 'GET',
    path: '/api/Admin/GetFundraiser',
    querystring: AdminFundraiserQuery,
    response: answers(AdminFundraiser),
  },
  saveFundraiser: {
    method: 'POST',
    path: '/api/Admin/SaveFundraiser',
    body: SaveFundraiserRequest,
    response: answers(AdminFundraiser),
  },
  // Issue 34: who issues a school's receipts.
  getSchool: {
    method: 'GET',
    path: '/api/Admin/GetSchool',
    querystring: AdminSchoolQuery,
    response: answers(AdminSchool),
  },
  saveSchool: {
    method: 'POST',
    path: '/api/Admin/SaveSchool',
    body: SaveSchoolRequest,
    response: answers(AdminSchool),
  },
  /** GET, as the spec lists the complimentary ticket calls. */
  createComplimentaryTicket: {
    method: 'GET',
    path: '/api/Admin/CreateComplimentaryTicket',
    querystring: ComplimentaryTicketQuery,
    response: answers(ComplimentaryTicket),
  },
  getCurrentComplimentaryTickets: {
    method: 'GET',
    path: '/api/Admin/GetCurrentComplimentaryTickets',
    querystring: AdminTicketQuery,
    response: answers(ComplimentaryTickets),
  },
  revokeComplimentaryTicket: {
    method: 'GET',
    path: '/api/Admin/RevokeComplimentaryTicket',
    querystring: TicketPurchaseIdQuery,
    response: answers(ComplimentaryTicket),
  },
  revokeAllComplimentaryTickets: {
    method: 'GET',
    path: '/api/Admin/RevokeAllComplimentaryTickets',
    querystring: AdminTicketQuery,
    response: answers(RevokeAllResponse),
  },
  getBaseUrl: { method: 'GET', path: '/api/Admin/GetBaseUrl', response: answers(AdminBaseUrl) },
  // Issue 21: the release registry (docs/releasing.md).
  releases: { method: 'GET', path: '/api/Admin/Releases', response: answers(ReleaseList) },
  promoteRelease: {
    method: 'POST',
    path: '/api/Admin/PromoteRelease',
    body: PromoteReleaseRequest,
    response: answers(RemoteReleases),
  },
  rollbackRelease: {
    method: 'POST',
    path: '/api/Admin/RollbackRelease',
    body: RollbackReleaseRequest,
    response: answers(RemoteReleases),
  },
  // Issue 30: cash and check sales become tax receipts once the organisation confirms the money.
  collectedCashOrders: {
    method: 'GET',
    path: '/api/Admin/CollectedCashOrders',
    querystring: CollectedCashQuery,
    response: answers(CollectedCashOrders),
  },
  confirmCashReceived: {
    method: 'POST',
    path: '/api/Admin/ConfirmCashReceived',
    body: ConfirmCashReceivedRequest,
    response: answers(ConfirmCashReceivedResponse),
  },
  // Issue 34: every consent to texts a phone gave or revoked (TCPA records), and whether it replied STOP.
  getTextConsents: {
    method: 'GET',
    path: '/api/Admin/GetTextConsents',
    querystring: TextConsentsQuery,
    response: answers(TextConsents),
  },
  optOutPhone: {
    method: 'POST',
    path: '/api/Admin/OptOutPhone',
    body: OptOutPhoneRequest,
    response: answers(TextConsents),
  },
} as const satisfies EndpointGroup;
