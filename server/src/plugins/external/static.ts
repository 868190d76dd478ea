import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';

const HASHED = /\.[0-9a-f]{8,32}\.(js|css)(\.map)?$/;

/** Content-hashed chunks never change; everything else (index.html, main.js) is revalidated. */
export function cacheControlFor(filePath: string): string {
  return HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * @fastify/static options that, in production, answer 404 for any source map: production builds emit
 * none (webpack.common.js), and one left in a build by mistake must still not publish the source.
 */
export function sourceMapsHiddenIn(production: boolean) {
  return production ? { allowedPath: (pathName: string) => !/\.map$/i.test(pathName) } : {};
}

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
    ...sourceMapsHiddenIn(options.config.production),
  });
  await app.register(fastifyStatic, {
    root: path.join(publicDir, 'images'),
    prefix: '/images/',
    decorateReply: false,
    setHeaders: (res) => res.header('Cache-Control', 'public, max-age=86400'),
  });

  // The page is written per request (plugins/app/shellPage.ts): its runtime config and hints.
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => app.sendShellPage(request, reply);
  if (hasShell) app.get('/', { schema: { hide: true } }, (request, reply) => sendShell(request, reply));

  // Deep links (/Order/1/0/0, /Help…) are the shell's routes: answer them with its page.
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (isPage && hasShell) {
      return sendShell(request, reply);
    }
    return reply.code(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });
});
