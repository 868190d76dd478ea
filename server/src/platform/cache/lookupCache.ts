import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { DEFAULT_LOOKUP_CACHE_SECONDS } from '../config/env/schema';

/**
 * A small in-process cache for the public lookups that every visitor asks for and that change only
 * when an operator imports data or saves a team: the states, the schools of a state, the
 * fundraisers of a school, a school, and a fundraiser's blank order (items and prices).
 *
 * Entries live `ttlMs`; writes in this process (import, admin SaveTeam) clear the cache at once,
 * and a PostgreSQL NOTIFY tells every other process on the database (other server instances, the
 * `npm run import` CLI's writes) to clear theirs (platform/cache/invalidationListener.ts). A notification
 * that is lost (a listener reconnecting) shows after the TTL at most. Concurrent misses of one key share a single load, so a burst after expiry costs one
 * query. Cached values are shared between requests: callers copy, never mutate them.
 */
export interface LookupCache {
  /** The value for `key`, loaded once by `load` when it is missing or older than the TTL. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every entry; loads still running are not stored. */
  clear(): void;
  /** Changes the TTL (and size) from now on, and forgets what was kept. */
  configure(options: Omit<LookupCacheOptions, 'now'>): void;
  readonly size: number;
}

export interface LookupCacheOptions {
  /** How long an entry is served; 0 turns the cache off (every call loads). */
  ttlMs: number;
  /** The oldest entries are dropped past this many (a school's fundraisers are one entry each). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

export function createLookupCache(options: LookupCacheOptions): LookupCache {
  const now = options.now ?? Date.now;
  let { ttlMs, maxEntries = 10_000 } = options;
  const entries = new Map<string, Entry>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const found = entries.get(key);
      if (found && found.expiresAt > now()) return found.value as Promise<T>;
      if (found) entries.delete(key);
      const entry: Entry = { expiresAt: now() + ttlMs, value: load() };
      entries.set(key, entry);
      // A failed load is not remembered: the next caller tries again.
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return entry.value as Promise<T>;
    },
    clear() {
      entries.clear();
    },
    configure(changed) {
      ({ ttlMs, maxEntries = 10_000 } = changed);
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

// One cache per open database, so code that only holds the database (the import) can clear it.
const caches = new WeakMap<object, LookupCache>();

/** The lookup cache of this database (made with the default TTL on first use). */
export function lookupCacheOf(db: object): LookupCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createLookupCache({ ttlMs: DEFAULT_LOOKUP_CACHE_SECONDS * 1000 });
    caches.set(db, cache);
  }
  return cache;
}

/** Sets this database's cache up from configuration (the app does it at start). */
export function configureLookupCache(db: object, options: Omit<LookupCacheOptions, 'now'>): LookupCache {
  const cache = lookupCacheOf(db);
  cache.configure(options);
  return cache;
}

/** The PostgreSQL channel on which a committed lookup change is announced to every process. */
export const LOOKUPS_CHANGED_CHANNEL = 'fu_lookups_changed';

/** Forgets this process's cached lookups of the database (a notification from elsewhere arrived). */
export function clearLookups(db: object): void {
  caches.get(db)?.clear();
}

/**
 * After a committed write to schools, teams, fundraisers, items or options: this process's lookups
 * read afresh at once, and every other process listening on the database is told to. The write
 * stands whatever happens to the notice: a failed NOTIFY is logged, and the TTL bounds staleness.
 */
export async function invalidateLookups(db: Pick<Database, 'execute'>): Promise<void> {
  clearLookups(db);
  try {
    await db.execute(sql`SELECT pg_notify(${LOOKUPS_CHANGED_CHANNEL}, '')`);
  } catch (error) {
    console.warn(`lookup cache: could not notify other instances: ${(error as Error).message}`);
  }
}
