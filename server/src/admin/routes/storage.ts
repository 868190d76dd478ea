import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@fu/shared/contracts';
import { endpoints } from '@fu/shared/endpoints';
import { HttpError } from '../../platform/http/errors';
import { adminFiles } from '../services/adminFiles';
import { storageUnavailable } from '../../platform/services/storageUnavailable';
import { endpointRoute } from '../../platform/routes/endpointRoute';

const TOO_LARGE = 'The file is larger than 5 MB.';
const STORE_FAILED = 'The file could not be stored just now. Please try again in a moment.';
const BUCKET_FAILED = 'The bucket could not be created just now. Please try again in a moment.';
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

/** The request's one file part, read whole; the multipart parser's refusals as 4xx answers. */
async function theOneFile(request: FastifyRequest): Promise<{ bytes: Buffer; mimetype: string }> {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'Send the file as multipart/form-data in a part named "file".');
  }
  try {
    const file = await request.file();
    if (!file) throw new HttpError(400, 'No file was sent. Send it in a part named "file".');
    return { bytes: await file.toBuffer(), mimetype: file.mimetype };
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
}

/**
 * Spec §7 api/AWSS3Controller: pictures for teams, tickets and vendors, stored by `app.storage`
 * (S3 or the local directory). Behind the admin token (wrapped in app.ts).
 */
const storageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const files = adminFiles(app.storage);
  const tags = ['Admin files'];
  // Only this scope parses multipart; the size limit applies while the file streams in.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.route({
    ...endpointRoute(endpoints.storage.createBucketAsync, { tags }),
    handler: (request) =>
      files.createBucket(request.body.bucketName).catch((error: unknown) => {
        if (error instanceof HttpError) throw error;
        throw storageUnavailable(request.log, error, BUCKET_FAILED);
      }),
  });

  app.route({
    ...endpointRoute(endpoints.storage.uploadFileAsync, {
      tags,
      description:
        'multipart/form-data with one file part ("file"), image/png or image/jpeg, at most 5 MB. ' +
        "The bytes must be a PNG or JPEG of the labelled type. Answers the stored file's URL.",
    }),
    handler: async (request) => {
      const { bytes, mimetype } = await theOneFile(request);
      const { key, url } = await files.storeImage(bytes, mimetype).catch((error: unknown) => {
        if (error instanceof HttpError) throw error;
        // The bucket or disk did not take it: nothing was stored.
        throw storageUnavailable(request.log, error, STORE_FAILED);
      });
      request.log.info({ key, bytes: bytes.length }, 'admin upload stored');
      return { url };
    },
  });
};

export default storageRoutes;
