import { PhoneMessage } from '../contracts/students';
import {
  DeletePageRequest,
  EraseStudentRequest,
  EraseSupporterRequest,
  Erasure,
  Erasures,
  ErasuresQuery,
  PageDeletionRequest,
} from '../contracts/privacy';
import { ApiError } from '../contracts/common';
import type { EndpointGroup } from './endpoint';

/** Every admin answer: its own 200, or the errors every admin call can give (a token missing: 401). */
const adminAnswers = <T extends typeof Erasure | typeof Erasures>(ok: T) =>
  ({ 200: ok, 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 503: ApiError }) as const;

/**
 * Issue 34 (docs/privacy.md): a family leaves the directory. A student page deleted by its holder
 * with a texted link; the admin app's erasure of a student or a supporter by phone or e-mail (behind
 * the admin token), and the record of every erasure.
 */
export const privacy = {
  requestPageDeletion: {
    method: 'POST',
    path: '/api/Students/RequestPageDeletion',
    body: PageDeletionRequest,
    response: { 200: PhoneMessage },
  },
  deletePage: {
    method: 'POST',
    path: '/api/Students/DeletePage',
    body: DeletePageRequest,
    response: { 200: PhoneMessage },
  },
  eraseStudent: {
    method: 'POST',
    path: '/api/Admin/EraseStudent',
    body: EraseStudentRequest,
    response: adminAnswers(Erasure),
  },
  eraseSupporter: {
    method: 'POST',
    path: '/api/Admin/EraseSupporter',
    body: EraseSupporterRequest,
    response: adminAnswers(Erasure),
  },
  getErasures: {
    method: 'GET',
    path: '/api/Admin/GetErasures',
    querystring: ErasuresQuery,
    response: adminAnswers(Erasures),
  },
} as const satisfies EndpointGroup;
