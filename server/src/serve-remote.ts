// Serves one remote's build from its own origin, as a CDN would: CORS on every file, entry files
// revalidated, content-hashed chunks cached for a year, the build's br/gzip copies for browsers that
// accept them, and with NODE_ENV=production no source maps. Run as
// `tsx server/src/serve-remote.ts --remote checkout`: the remote's folder and port come from the
// remote list (shared/src/remotes.json).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { remotes } from '@fu/shared/remotes';
import compressionPlugin from './plugins/external/compression';
import { cacheControlFor, builtFileOptions } from './plugins/external/static';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function startRemoteServer(options: { dir: string; port: number; host?: string; production?: boolean }) {
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'warn' } });
  await app.register(compressionPlugin);
  await app.register(fastifyStatic, {
    root: path.resolve(options.dir),
    setHeaders: (res, filePath) => {
      res.header('Access-Control-Allow-Origin', '*');
      res.header('Cache-Control', cacheControlFor(filePath));
    },
    ...builtFileOptions(options.production ?? process.env.NODE_ENV === 'production'),
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .header('Access-Control-Allow-Origin', '*')
      .code(404)
      .send({ message: `Not found: ${request.url}` });
  });
  const address = await app.listen({ port: options.port, host: options.host ?? process.env.HOST ?? 'localhost' });
  return { address, close: () => app.close() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { remote: { type: 'string' }, port: { type: 'string' } } });
  const remote = remotes.find((candidate) => candidate.name === values.remote);
  if (!remote) {
    const names = remotes.map((candidate) => candidate.name).join('|');
    console.error(`Usage: tsx server/src/serve-remote.ts --remote ${names} [--port <port>]`);
    process.exit(2);
  }
  const server = await startRemoteServer({
    dir: path.join(repoRoot, remote.folder, 'dist'),
    port: Number(values.port || process.env[remote.portEnv] || remote.port),
  });
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
