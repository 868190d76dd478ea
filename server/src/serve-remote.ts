// Serves one remote's build from its own origin, as a CDN would: CORS on every file, entry files
// revalidated, content-hashed chunks cached for a year, the build's br/gzip copies for browsers that
// accept them, and with NODE_ENV=production no source maps. Its releases (scripts/release.mjs) are
// served the same way under /releases/<version>/, from RELEASES_DIR (default `<repo>/releases`)/<remote>.
// Run as `tsx server/src/serve-remote.ts --remote checkout`: the remote's folder and port come from
// the remote list (shared/src/remotes.json).
import path from 'node:path';
import { parseArgs } from 'node:util';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply } from 'fastify';
import { RELEASES_PATH } from '@fu/shared/releases';
import { remotes } from '@fu/shared/remotes';
import compressionPlugin from './platform/plugins/compression';
import { cacheControlFor, builtFileOptions } from './platform/plugins/static';
import { repoRoot } from './platform/config/repoRoot';
import { requestLanguage } from './platform/http/requestLanguage';
import { localize, text } from './platform/i18n/text';

/** Where releases are kept: RELEASES_DIR, else `<repo>/releases` (scripts/releases.cjs says the same). */
export function releasesDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.RELEASES_DIR || path.join(repoRoot, RELEASES_PATH));
}

/**
 * `dir`: the remote's build, served at /. `releases`: the remote's folder of releases (one folder per
 * version), served at /releases/; it may not exist yet (404s until a release is made).
 */
export async function startRemoteServer(options: {
  dir: string;
  releases?: string;
  port: number;
  host?: string;
  production?: boolean;
}) {
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'warn' } });
  await app.register(compressionPlugin);
  // A release's files are a build's: the same headers (release.json, like remoteEntry.js, is revalidated).
  const builtFiles = {
    setHeaders: (res: FastifyReply, filePath: string) => {
      res.header('Access-Control-Allow-Origin', '*');
      res.header('Cache-Control', cacheControlFor(filePath));
    },
    ...builtFileOptions(options.production ?? process.env.NODE_ENV === 'production'),
  };
  await app.register(fastifyStatic, { root: path.resolve(options.dir), ...builtFiles });
  if (options.releases) {
    await app.register(fastifyStatic, {
      root: path.resolve(options.releases),
      prefix: `/${RELEASES_PATH}/`,
      decorateReply: false,
      suppressWarning: true,
      // Dotfiles are ignored (builtFileOptions): scripts/release.mjs writes a release into a
      // dot-folder and renames it, so it is never served half-copied.
      ...builtFiles,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    reply
      .header('Access-Control-Allow-Origin', '*')
      .code(404)
      .send({ message: localize(requestLanguage(request), text('server.error.notFoundUrl', { url: request.url })) });
  });
  const address = await app.listen({ port: options.port, host: options.host ?? process.env.HOST ?? 'localhost' });
  return { address, close: () => app.close() };
}

// Run as a command (server/src/serve-remote.ts, or server/dist/serve-remote.js, which loads this from a
// chunk), not when a test imports it.
if (/serve-remote\.[jt]s$/.test(process.argv[1] ?? '')) {
  const { values } = parseArgs({ options: { remote: { type: 'string' }, port: { type: 'string' } } });
  const remote = remotes.find((candidate) => candidate.name === values.remote);
  if (!remote) {
    const names = remotes.map((candidate) => candidate.name).join('|');
    console.error(`Usage: tsx server/src/serve-remote.ts --remote ${names} [--port <port>]`);
    process.exit(2);
  }
  const server = await startRemoteServer({
    dir: path.join(repoRoot, remote.folder, 'dist'),
    releases: path.join(releasesDir(), remote.name),
    port: Number(values.port || process.env[remote.portEnv] || remote.port),
  });
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
