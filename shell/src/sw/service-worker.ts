/// <reference lib="webworker" />
// The offline wallet's service worker (docs/offline-wallet.md). It keeps what a ticket holder's
// phone needs to open /MyOffers/…, /MyTicket/… and a redeem page at a register with no signal:
// the shell (precached at build time), the remote entries and chunks, the runtime config, the
// ticket API answers and the offer images. Everything else goes to the network untouched.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { isWalletApi, isWalletImage, isAppScript, isImmutableChunk } from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// A new build takes over at once: the shell and remotes are deployed independently, and a
// waiting worker would keep serving an old shell against a new API.
void self.skipWaiting();
clientsClaim();

// html-webpack-plugin adds a cache-busting ?hash to main.js; the precache has its own revisions.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();

const okOnly = new CacheableResponsePlugin({ statuses: [200] });
// The federation runtime adds a remote's entry as a plain <script> (no crossorigin attribute), so
// from another origin its answer is opaque (status 0): kept too, since it cannot be read anyway.
const okOrOpaque = new CacheableResponsePlugin({ statuses: [0, 200] });
// Network first everywhere something can change: online, the phone always sees fresh data; with
// no network the last answer is used. The timeout covers a register with a weak signal.
const NETWORK_TIMEOUT_SECONDS = 4;

// Every page of the site is the same index.html (the router draws the page), so navigations get the
// precached copy: it always matches the precached main.js. A new build is a new worker, which
// re-caches both and takes over at once.
// The server's own pages (API docs, the dev SMS outbox) and files opened directly are not the shell's.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/dev\//, /^\/uploads\//, /^\/images\//],
  }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/runtime-config.json',
  new NetworkFirst({ cacheName: 'fu-config', networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [okOnly] }),
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
    cacheName: 'fu-wallet-api',
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
