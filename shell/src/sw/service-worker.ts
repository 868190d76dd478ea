/// <reference lib="webworker" />
// The offline wallet's service worker (docs/offline-wallet.md). It keeps what a ticket holder's
// phone needs to open /MyOffers/…, /MyTicket/… and a redeem page at a register with no signal:
// the shell (precached at build time), the remote entries and chunks, the runtime config, the
// ticket API answers and the offer images. Everything else goes to the network untouched.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  CONFIG_CACHE,
  RUNTIME_CONFIG_PATH,
  isWalletApi,
  WALLET_API_CACHE,
  isWalletImage,
  isAppScript,
  isImmutableChunk,
  pageNamesScript,
} from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// A new build takes over at once: the shell and remotes are deployed independently, and a
// waiting worker would keep serving an old shell against a new API.
void self.skipWaiting();
clientsClaim();

// The shell's main.js: the precached one only for a page of the precached build. Pages come from the
// network, so after a deploy a page may name a newer main.js (html-webpack-plugin adds the build's
// hash, ?3f2a…) than this worker holds: that one comes from the network, never an older build's.
// Offline, the precached main.js is all there is.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/main.js',
  async ({ url, request }) => {
    const precachedPage = await matchPrecache('/index.html');
    const precachedScript = () => matchPrecache('/main.js');
    if (precachedPage && pageNamesScript(await precachedPage.text(), url)) {
      return (await precachedScript()) ?? fetch(request);
    }
    try {
      return await fetch(request);
    } catch (error) {
      const fallback = await precachedScript();
      if (fallback) return fallback;
      throw error;
    }
  },
);

// The precache has its own revisions, so any query is ignored for the rest of its files.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();

const okOnly = new CacheableResponsePlugin({ statuses: [200] });
// The federation runtime adds a remote's entry as a plain <script> (no crossorigin attribute), so
// from another origin its answer is opaque (status 0): kept too, since it cannot be read anyway.
const okOrOpaque = new CacheableResponsePlugin({ statuses: [0, 200] });
// Network first everywhere something can change: online, the phone always sees fresh data; with
// no network the last answer is used. The timeout covers a register with a weak signal.
const NETWORK_TIMEOUT_SECONDS = 4;

// Pages come from the network: the server writes each one for its route (the runtime config and
// the hints that load its remote early). With no network, or none within the timeout, the precached
// index.html stands in: every route is the same shell, which then reads the runtime config from
// /runtime-config.json (kept below). Pages are not cached themselves: the precached one always
// matches the precached main.js (above), and a new build is a new worker that re-caches both.
// The server's own pages (API docs, the dev SMS outbox) and files opened directly are not the shell's.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [{ handlerDidError: async () => (await matchPrecache('/index.html')) ?? Response.error() }],
    }),
    { denylist: [/^\/api\//, /^\/dev\//, /^\/uploads\//, /^\/images\//] },
  ),
);

// Online, pages carry their runtime config inline and never fetch it, so the worker keeps a copy
// from its install on for the offline page.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CONFIG_CACHE)
      .then((cache) => cache.add(RUNTIME_CONFIG_PATH))
      .catch(() => undefined), // offline at install: the config fetched later fills it
  );
});

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === RUNTIME_CONFIG_PATH,
  new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [okOnly] }),
);

// Remote code: content-hashed chunks never change; remoteEntry.js names the current chunks, so it
// is fetched fresh whenever the network answers.
registerRoute(
  ({ url, request }) => isAppScript(url, request.destination) && isImmutableChunk(url),
  new CacheFirst({
    cacheName: 'fu-remote-chunks',
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);
registerRoute(
  ({ url, request }) => isAppScript(url, request.destination),
  new NetworkFirst({
    cacheName: 'fu-remote-entries',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [okOrOpaque],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isWalletApi(url.pathname),
  new NetworkFirst({
    cacheName: WALLET_API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600 })],
  }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && isWalletImage(url.pathname),
  new CacheFirst({
    cacheName: 'fu-images',
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);
