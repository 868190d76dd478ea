import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import worthCompressing from '@fu/shared/compression.json';

const { minBytes } = worthCompressing;

/**
 * br/gzip on the fly, for a browser that accepts it, of what the build did not compress: API JSON,
 * the page, a file without a pre-compressed copy. An answer already encoded (a build's .br or .gz
 * copy, see builtFileOptions) goes out untouched, and one under `minBytes` as it is.
 */
export default fp(async function compression(app: FastifyInstance) {
  // @fastify/compress leaves small answers alone only when they are bytes, and compresses every stream.
  // A file of known length under the threshold is read into bytes here (it is small), so it too goes out as it is.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!(payload instanceof Readable) || !(Number(reply.getHeader('content-length')) < minBytes)) return payload;
    return buffer(payload);
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: minBytes });
});
