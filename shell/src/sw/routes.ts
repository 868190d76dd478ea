// Which requests the offline wallet keeps. Plain functions so they are unit-tested without a worker.

/**
 * The cache holding the runtime config an offline page starts from (at /runtime-config.json). The
 * worker fills it as it installs; each page it controls then puts there the config it was served,
 * so an offline page loads the same releases of the remotes that page loaded (and cached).
 */
export const CONFIG_CACHE = 'fu-config';
export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

/** The cache of the wallet's API reads (below): the worker's, and each served page's (keepServedAnswersForOffline). */
export const WALLET_API_CACHE = 'fu-wallet-api';

/** The ticket API reads a wallet page makes (spec §7); writes and every other API are never cached. */
const WALLET_API = new Set([
  'CheckSessionStatus',
  'CheckSession',
  'GetSession',
  'GetOffers',
  'GetTicketOfferDetails',
  'GetFundraisersTicket',
  'GetTeam',
  'GetManifest',
]);

export function isWalletApi(pathname: string): boolean {
  const match = /^\/api\/Tickets\/([A-Za-z]+)$/.exec(pathname);
  return Boolean(match && WALLET_API.has(match[1]!));
}

/** Offer, vendor and team photos served by the site (demo images and admin uploads). */
export function isWalletImage(pathname: string): boolean {
  return pathname.startsWith('/images/') || pathname.startsWith('/uploads/');
}

/**
 * The apps' code: the remotes' entries and chunks (each remote on its own origin) and any shell
 * chunk the precache does not hold. Pages of ours load no other scripts (the CSP allows only
 * these origins).
 */
export function isAppScript(url: URL, destination: string): boolean {
  return url.pathname.endsWith('.js') && (destination === 'script' || url.pathname.endsWith('/remoteEntry.js'));
}

/** webpack's production chunk names carry an 8-hex content hash (webpack.common.js). */
export function isImmutableChunk(url: URL): boolean {
  return /\.[0-9a-f]{8}\.js$/.test(url.pathname);
}

/**
 * Whether a page names exactly this script, query included: html-webpack-plugin names the shell's
 * main.js with its build's hash (`/main.js?3f2a…`), so a page of another build names another one.
 */
export function pageNamesScript(pageHtml: string, script: URL): boolean {
  const named = `${script.pathname}${script.search}`;
  const escaped = named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`["'=]${escaped}(?![\\w?&=%-])`).test(pageHtml);
}
