/** One JSON answer for the offline wallet's worker to give for `url`. */
export interface CachedJson {
  url: string;
  data: unknown;
  status?: number;
}

/**
 * Puts JSON answers into one of the worker's caches, as if the network had given them, on a page the
 * worker controls (elsewhere there is no worker to read them). Storage full or refused leaves the
 * worker the copies it has.
 */
export async function putJsonForWorker(
  scope: Window,
  cacheName: string,
  entries: readonly CachedJson[],
): Promise<void> {
  if (entries.length === 0 || !scope.navigator.serviceWorker?.controller || !('caches' in scope)) return;
  try {
    const cache = await scope.caches.open(cacheName);
    await Promise.all(
      entries.map(({ url, data, status = 200 }) =>
        cache.put(url, new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } })),
      ),
    );
  } catch {
    // The worker keeps the copies it has.
  }
}
