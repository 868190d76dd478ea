import {
  AnswerStudentAgeRequest,
  ConfirmPhoneRequest,
  DeviceGuidQuery,
  DeviceInfo,
  PagePrivacy,
  ParentConsentTokenRequest,
  ParentConsentView,
  PhoneMessage,
  RequestParentConsentRequest,
  SendPhoneConfirmationRequest,
  StudentProgress,
  UpdateOptInRequest,
  UpdateOptInResponse,
} from '../contracts/students';
import { TeamStandings } from '../contracts/fundraisers';
import type { EndpointGroup } from './endpoint';

/** Spec §7 api/Students/: the page's student, their reminders and the phone's consent, their progress. */
export const students = {
  getDeviceInfo: {
    method: 'GET',
    path: '/api/Students/GetDeviceInfo',
    querystring: DeviceGuidQuery,
    response: { 200: DeviceInfo },
  },
  getProgress: {
    method: 'GET',
    path: '/api/Students/GetProgress',
    querystring: DeviceGuidQuery,
    response: { 200: StudentProgress },
  },
  getTeamProgress: {
    method: 'GET',
    path: '/api/Students/GetTeamProgress',
    querystring: DeviceGuidQuery,
    response: { 200: TeamStandings },
  },
  updateOptInStatus: {
    method: 'POST',
    path: '/api/Students/UpdateOptInStatus',
    body: UpdateOptInRequest,
    response: { 200: UpdateOptInResponse },
  },
  sendPhoneConfirmation: {
    method: 'POST',
    path: '/api/Students/SendPhoneConfirmation',
    body: SendPhoneConfirmationRequest,
    response: { 200: PhoneMessage },
  },
  confirmPhone: {
    method: 'POST',
    path: '/api/Students/ConfirmPhone',
    body: ConfirmPhoneRequest,
    response: { 200: PhoneMessage },
  },
  answerStudentAge: {
    method: 'POST',
    path: '/api/Students/AnswerStudentAge',
    body: AnswerStudentAgeRequest,
    response: { 200: PagePrivacy },
  },
  requestParentConsent: {
    method: 'POST',
    path: '/api/Students/RequestParentConsent',
    body: RequestParentConsentRequest,
    response: { 200: PhoneMessage },
  },
  getParentConsent: {
    method: 'POST',
    path: '/api/Students/GetParentConsent',
    body: ParentConsentTokenRequest,
    response: { 200: ParentConsentView },
  },
  confirmParentConsent: {
    method: 'POST',
    path: '/api/Students/ConfirmParentConsent',
    body: ParentConsentTokenRequest,
    response: { 200: PhoneMessage },
  },
} as const satisfies EndpointGroup;
