import type { Redis } from 'ioredis';

/** What @fastify/rate-limit wants from a store: a count per key within its window. */
interface Count {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}
type Callback = (error: Error | null, count?: Count) => void;
interface RouteOptions {
  /** The route's method and URL; empty for a limiter made in code (`app.createRateLimit`). */
  routeInfo: { method?: string; url?: string };
}

// INCR, and on the window's first request its expiry: one atomic step, whichever instance asks.
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** Counts in this process, for while Redis does not answer: fixed windows, the oldest keys dropped past `maxKeys`. */
class LocalCounts {
  private readonly counts = new Map<string, { current: number; endsAt: number }>();
  constructor(private readonly maxKeys = 10_000) {}

  incr(key: string, windowMs: number, now = Date.now()): Count {
    let entry = this.counts.get(key);
    if (!entry || entry.endsAt <= now) {
      this.counts.delete(key);
      entry = { current: 0, endsAt: now + windowMs };
      this.counts.set(key, entry);
      if (this.counts.size > this.maxKeys) this.counts.delete(this.counts.keys().next().value!);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.endsAt - now };
  }
}

type CountingRedis = Redis & { fuRateLimitCount?(key: string, windowMs: number): Promise<[number, number]> };

/**
 * A rate-limit store shared by every instance through Redis that keeps limiting when Redis does not
 * answer: a count Redis cannot take is taken in this process instead (the budget is then per
 * instance, as without Redis, rather than none at all; platform/plugins/redis.ts logs the outage).
 * Keys are `<REDIS_KEY_PREFIX>rate-limit:<METHOD><route>-<client>` (the client's keyPrefix adds the first part),
 * or `<REDIS_KEY_PREFIX>rate-limit:<budget>:<client>` for a budget several routes share.
 */
export function sharedRateLimitStore(redis: Redis) {
  const counting = redis as CountingRedis;
  if (!('fuRateLimitCount' in counting))
    counting.defineCommand('fuRateLimitCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
  const local = new LocalCounts();

  class SharedStore {
    private readonly prefix: string;
    /** The plugin constructs the first store with its settings; each route's child gets its own prefix. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rate-limit:';
    }

    // The plugin passes the route's window (ms) as the third argument; its types name only two.
    incr(client: string, callback: Callback, timeWindow = 60_000): void {
      const key = this.prefix + client;
      counting.fuRateLimitCount!(key, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        () => callback(null, local.incr(key, timeWindow)),
      );
    }

    // Runtime passes the route's merged limit settings, routeInfo among them (the plugin's types omit it).
    // A limiter made in code belongs to no route: its keyGenerator names its budget, which every
    // route that spends it shares (platform/routes/clientBudget.ts).
    child(routeOptions: object): SharedStore {
      const { method, url } = (routeOptions as RouteOptions).routeInfo;
      return new SharedStore(method && url ? `${this.prefix}${method}${url}-` : this.prefix);
    }
  }
  return SharedStore;
}
