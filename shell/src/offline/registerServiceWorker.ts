/**
 * Registers the offline wallet's service worker (built as /sw.js with the production shell; see
 * docs/offline-wallet.md). After the first visit the wallet pages open with no network.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // The site works without it; only the offline wallet is lost.
      console.warn('Service worker registration failed', error);
    });
  };
  // After load, so installing (which downloads the precache) never competes with the first paint.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
