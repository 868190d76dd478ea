import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { localStorage, s3Storage, type Storage } from '../../storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** The configured storage for uploads: S3 when S3_BUCKET is set, otherwise the local directory. */
export function storageFor(config: Config): Storage {
  const { s3, uploadDir } = config.storage;
  return s3 ? s3Storage(s3) : localStorage({ dir: uploadDir, publicUrl: config.publicUrl });
}

/**
 * Decorates `app.storage`. With local storage the files are served back at /uploads/<key>: only
 * what the upload route stored (PNG or JPEG it checked), with no script allowed to run.
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
      setHeaders: (res) => {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
        res.header('Content-Security-Policy', "default-src 'none'; sandbox");
        res.header('X-Content-Type-Options', 'nosniff');
        // The external admin app (another origin) shows the pictures it uploaded.
        res.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  }
});
