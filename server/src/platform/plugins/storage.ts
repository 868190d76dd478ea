import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config';
import { HttpError } from '../http/errors';
import { storageUnavailable } from '../services/storageUnavailable';
import { isUploadKey, localStorage, s3Storage, type Storage } from '../storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** The configured storage for uploads: S3 when S3_BUCKET is set, otherwise the local directory. */
export function storageFor(config: Config): Storage {
  const { s3, uploadDir } = config.storage;
  const servedAt = `${config.publicUrl.replace(/\/$/, '')}/uploads`;
  return s3 ? s3Storage(s3, servedAt) : localStorage({ dir: uploadDir, publicUrl: config.publicUrl });
}

/** The upload route stores only these (it checks the bytes); nothing else is served as an upload. */
const PICTURE_TYPES = new Set(['image/png', 'image/jpeg']);

/** Headers of a served upload: cached for good (keys are never reused), inert whatever it contains. */
function uploadHeaders(reply: { header(name: string, value: string): unknown }) {
  reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  reply.header('X-Content-Type-Options', 'nosniff');
  // The external admin app (another origin) shows the pictures it uploaded.
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
}

const noSuchFile = () => new HttpError(404, 'No such file.');

/**
 * Decorates `app.storage` and serves uploads back at /uploads/<key>: with local storage the files
 * of the directory; with S3 the bucket's objects, read by whichever instance is asked (so a picture
 * uploaded through one is served by all), also when S3_PUBLIC_URL points browsers elsewhere, so
 * URLs saved before a CDN was added keep working. Only PNG and JPEG, with no script allowed to run.
 * What S3 refuses (a permission, the credentials) is a 503 and a warning of GET /api/ready.
 */
export default fp(async function storage(app: FastifyInstance, options: { config: Config; storage?: Storage }) {
  const chosen = options.storage ?? storageFor(options.config);
  app.decorate('storage', chosen);
  if (chosen.kind === 'local') {
    await app.register(fastifyStatic, {
      root: options.config.storage.uploadDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      // Only files under an upload key, never another file someone left in the directory.
      allowedPath: (pathName: string) => isUploadKey(pathName.replace(/^\//, '')),
      setHeaders: uploadHeaders,
    });
    return;
  }
  const get = chosen.get?.bind(chosen);
  if (!get) return;
  // What the storage refused stays a 503 for every visitor until an operator grants it: say so.
  app.addReadinessWarning(async () => chosen.refusals?.().join(' ') || undefined);
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = await get(key).catch((error: unknown) => {
      throw storageUnavailable(
        request.log,
        error,
        'The picture cannot be read right now. Please try again in a moment.',
      );
    });
    if (!file) throw noSuchFile();
    if (!file.contentType || !PICTURE_TYPES.has(file.contentType)) {
      file.body.destroy();
      throw noSuchFile();
    }
    uploadHeaders(reply);
    if (file.contentLength !== undefined) reply.header('Content-Length', String(file.contentLength));
    return reply.type(file.contentType).send(file.body);
  });
});
