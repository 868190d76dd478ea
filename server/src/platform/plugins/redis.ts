import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis when REDIS_URL is set (keys get REDIS_KEY_PREFIX); undefined otherwise. */
    redis: Redis | undefined;
  }
}

export interface RedisPluginOptions {
  url?: string;
  keyPrefix: string;
}

/**
 * One Redis client for the instance, when a URL is configured. Redis being away must neither stop
 * the server nor hold up requests: the client connects at start but the server starts anyway,
 * reconnects in the background, and while it is away commands fail at once (no offline queue)
 * instead of waiting; a Redis that accepts connections but does not answer fails them after a second.
 * Callers decide what a failed command means (rate limits then count in this instance: rateLimitStore.ts).
 */
export default fp(async function redis(app: FastifyInstance, options: RedisPluginOptions) {
  if (!options.url) {
    app.decorate('redis', undefined);
    return;
  }
  const client = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    lazyConnect: true,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  const where = redactedUrl(options.url);
  // ioredis reports every failed reconnect; the log says when Redis goes away and when it is back.
  let away = false;
  client.on('error', (error: Error) => {
    if (away) return;
    away = true;
    app.log.error(
      { err: error },
      `Redis at ${where} unreachable: rate limits are counted per instance until it answers`,
    );
  });
  client.on('ready', () => {
    if (away) app.log.info(`Redis at ${where} answers again`);
    away = false;
  });
  try {
    await client.connect();
  } catch {
    // Logged by the error handler above; the client keeps trying in the background.
  }
  app.decorate('redis', client);
  // GET /api/ready: an instance whose Redis is away serves, but its limits are counted per instance.
  app.addReadinessCheck('redis', async () => {
    await client.ping();
  });
  app.addHook('onClose', async () => {
    if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  });
});

/** The URL as logs may show it: no password. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
