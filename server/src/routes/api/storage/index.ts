import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  CreateBucketRequest,
  CreateBucketResponse,
  UPLOAD_MAX_BYTES,
  UploadFileResponse,
} from '@fu/shared/contracts';
import { HttpError } from '../../../errors';

const TOO_LARGE = 'The file is larger than 5 MB.';
const NOT_AN_IMAGE = 'Valid png or jpeg required.';
const MALFORMED = 'The upload is not valid multipart/form-data. Send the file in a part named "file".';

/**
 * The multipart parser (busboy) throws plain Errors, with no status code, when the body does not
 * follow multipart/form-data: no boundary in the Content-Type, a boundary it cannot use, or data
 * that ends before the closing boundary. These are the client's fault: a 400, not a 500.
 */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || (error as { statusCode?: number }).statusCode !== undefined) return false;
  return /^Multipart: Boundary not found$|unexpected end of multipart data|^The needle cannot/i.test(error.message);
}

/** What the bytes are, by their first bytes (magic numbers), whatever the part's label says. */
export function sniffImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;

/**
 * Spec §7 api/AWSS3Controller: pictures for teams, tickets and vendors, stored by `app.storage`
 * (S3 or the local directory). Behind the admin token (wrapped in app.ts).
 */
const storageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Admin files'];
  // Only this scope parses multipart; the size limit applies while the file streams in.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post(
    '/CreateBucketAsync',
    {
      schema: {
        tags,
        body: CreateBucketRequest,
        response: { 200: CreateBucketResponse, 400: ApiError, 401: ApiError, 409: ApiError, 503: ApiError },
      },
    },
    async (request) => {
      const { bucketName } = request.body;
      try {
        const { created } = await app.storage.createBucket(bucketName);
        return { bucketName, created };
      } catch (error) {
        if ((error as { name?: string }).name === 'BucketAlreadyExists') {
          throw new HttpError(409, `The bucket name ${bucketName} is taken by another account.`);
        }
        throw error;
      }
    },
  );

  app.post(
    '/UploadFileAsync',
    {
      schema: {
        tags,
        description:
          'multipart/form-data with one file part ("file"), image/png or image/jpeg, at most 5 MB. ' +
          "The bytes must be a PNG or JPEG of the labelled type. Answers the stored file's URL.",
        consumes: ['multipart/form-data'],
        response: { 200: UploadFileResponse, 400: ApiError, 401: ApiError, 413: ApiError, 503: ApiError },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new HttpError(400, 'Send the file as multipart/form-data in a part named "file".');
      }
      let file;
      let bytes: Buffer;
      try {
        file = await request.file();
        if (!file) throw new HttpError(400, 'No file was sent. Send it in a part named "file".');
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw new HttpError(400, 'Send exactly one file.');
        }
        if (isMalformedMultipart(error)) throw new HttpError(400, MALFORMED);
        throw error;
      }
      if (bytes.length === 0) throw new HttpError(400, 'The file is empty.');
      const declared = file.mimetype.toLowerCase();
      if (declared !== 'image/png' && declared !== 'image/jpeg') throw new HttpError(400, NOT_AN_IMAGE);
      if (sniffImage(bytes) !== declared) {
        throw new HttpError(400, `${NOT_AN_IMAGE} The file's content is not a ${EXTENSION[declared].toUpperCase()}.`);
      }
      // The client's file name is never used: it could collide, traverse or carry markup.
      const key = `${randomUUID()}.${EXTENSION[declared]}`;
      const url = await app.storage.put(key, bytes, declared);
      request.log.info({ key, bytes: bytes.length }, 'admin upload stored');
      return { url };
    },
  );
};

export default storageRoutes;
