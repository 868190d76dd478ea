import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { remoteForPath, remotes } from '@fu/shared/remotes';
import type { Config } from '../config/config';
import { isApiRequest } from '../http/apiPath';
import { notFound } from '../http/errors';
import { text } from '../i18n/text';

const HASHED = /\.[0-9a-f]{8,32}\.(js|css)(\.map)?$/;
/** The build's pre-compressed copies of a file (scripts/precompress.cjs). */
const COMPRESSED_COPY = /\.(br|gz)$/i;

/** Content-hashed chunks never change; everything else (index.html, main.js) is revalidated. */
export function cacheControlFor(filePath: string): string {
  return HASHED.test(filePath.replace(COMPRESSED_COPY, '')) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * @fastify/static options for a built app's files, on the API host and on a remote's file server:
 * - a file goes out as the build's .br or .gz copy of it when the browser accepts that encoding (with
 *   the file's own type, Content-Encoding and Vary: Accept-Encoding), so nothing is compressed per request;
 * - the copies have no URL of their own (404): one URL per file, never sent compressed twice;
 * - in production, any source map answers 404: production builds emit none (webpack.common.js), and
 *   one left in a build by mistake must still not publish the source;
 * - no dotfile or file under a dot-folder is served (404): `.build-stamp`, the build's cache key
 *   (scripts/build.mjs), lives in every build folder, and @fastify/static serves dotfiles unless told.
 */
export function builtFileOptions(production: boolean) {
  return {
    preCompressed: true,
    dotfiles: 'ignore' as const,
    allowedPath: (pathName: string) => !COMPRESSED_COPY.test(pathName) && !(production && /\.map$/i.test(pathName)),
  };
}

/** Whether a request's path names a dotfile or goes through a dot-folder (`/.build-stamp`, `/%2Ecache/x`). */
export function hasDotSegment(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is no file name either way; judge the path as sent.
  }
  return /(^|\/)\./.test(decoded);
}

/** The first segment of every page path a remote draws, as the spec writes it ('/Order', '/Checkout'…; not '/'). */
export const remotePagePrefixes = (): string[] =>
  [...new Set(remotes.flatMap((remote) => remote.routes.map((route) => `/${route.split('/')[1] ?? ''}`)))].filter(
    (prefix) => prefix !== '/',
  );

/** Serves the built shell with a single-page-app fallback, and the product images. */
export default fp(async function staticFiles(app: FastifyInstance, options: { config: Config }) {
  const { shellDist, publicDir } = options.config;
  const hasShell = existsSync(path.join(shellDist, 'index.html'));
  if (!hasShell) app.log.warn(`No shell build at ${shellDist}: run \`npm run build\` (the API still works).`);

  await app.register(fastifyStatic, {
    root: hasShell ? shellDist : publicDir,
    prefix: '/',
    index: false,
    wildcard: true,
    setHeaders: (res, filePath) => res.header('Cache-Control', cacheControlFor(filePath)),
    ...builtFileOptions(options.config.production),
  });
  await app.register(fastifyStatic, {
    root: path.join(publicDir, 'images'),
    prefix: '/images/',
    decorateReply: false,
    dotfiles: 'ignore',
    setHeaders: (res) => res.header('Cache-Control', 'public, max-age=86400'),
  });

  // The page is written per request (pages/plugins/shellPage.ts): its runtime config and hints.
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => app.sendShellPage(request, reply);
  if (hasShell) app.get('/', { schema: { hide: true } }, (request, reply) => sendShell(request, reply));

  // Deep links (/Order/1/0/0, /Help…) are the shell's routes: answer them with its page. A dotfile
  // the static files refused (/.build-stamp) is no route: it answers 404, not the page. A path with
  // an extension is a missing file, unless a remote's pages live under it (/Receipt/1.5 is a page
  // link, mistyped: the shell says "Page not found", not a JSON answer).
  const pageOrNotFound = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiRequest(request) &&
      (!path.extname(pathname) || remoteForPath(pathname) !== undefined) &&
      !hasDotSegment(request.url);
    if (isPage && hasShell) {
      return sendShell(request, reply);
    }
    throw notFound(text('server.error.noSuchEndpoint', { method: request.method, path: pathname }));
  };
  app.setNotFoundHandler(pageOrNotFound);

  // A remote's pages are routes of their own, so that a page request skips the file lookup the
  // wildcard makes first (a stat per pre-compressed copy and a directory read to check the path's
  // spelling: about 7% of the API's CPU in a rush of share-link visits, profiled). Registered as the
  // spec writes them and in lower case; another spelling still reaches the page through the lookup.
  if (hasShell) {
    const prefixes = new Set(remotePagePrefixes().flatMap((prefix) => [prefix, prefix.toLowerCase()]));
    for (const prefix of prefixes) {
      for (const url of [prefix, `${prefix}/*`]) app.get(url, { schema: { hide: true } }, pageOrNotFound);
    }
  }
});
