import { CreateBucketRequest, CreateBucketResponse, UploadFileResponse } from '../contracts/admin';
import { ApiError } from '../contracts/common';
import type { EndpointGroup } from './endpoint';

/** Spec §7 api/AWSS3Controller: pictures for teams, tickets and vendors. Behind the admin token. */
export const storage = {
  createBucketAsync: {
    method: 'POST',
    path: '/api/AWSS3Controller/CreateBucketAsync',
    body: CreateBucketRequest,
    response: { 200: CreateBucketResponse, 400: ApiError, 401: ApiError, 409: ApiError, 503: ApiError },
  },
  /** One file part named "file" (image/png or image/jpeg, at most 5 MB); the body is not JSON. */
  uploadFileAsync: {
    method: 'POST',
    path: '/api/AWSS3Controller/UploadFileAsync',
    consumes: ['multipart/form-data'],
    response: { 200: UploadFileResponse, 400: ApiError, 401: ApiError, 413: ApiError, 503: ApiError },
  },
} as const satisfies EndpointGroup;
