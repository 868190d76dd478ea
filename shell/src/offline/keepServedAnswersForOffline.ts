import type { ServedAnswers } from '@fu/shared';
import { isWalletApi, WALLET_API_CACHE } from '../sw/routes';

/**
 * Puts the wallet reads the server answered in this page (the offers page's status, session and
 * offers) where the offline wallet's worker keeps them, as if the app had asked: a served page makes
 * no call, and the worker would otherwise open the wallet offline with the answers of an older visit,
 * or none. Only on a page the worker controls, only the API on this site's own origin.
 */
export async function keepServedAnswersForOffline(
  answers: ServedAnswers,
  apiBaseUrl: string,
  scope: Window = window,
): Promise<void> {
  if (!scope.navigator.serviceWorker?.controller || !('caches' in scope)) return;
  const kept = Object.entries(answers).flatMap(([call, answer]) => {
    const url = new URL(`${apiBaseUrl}${call}`, scope.location.href);
    const wallet = url.origin === scope.location.origin && isWalletApi(url.pathname);
    return wallet && answer.status >= 200 && answer.status < 300 ? [{ url: url.href, answer }] : [];
  });
  if (kept.length === 0) return;
  try {
    const cache = await scope.caches.open(WALLET_API_CACHE);
    await Promise.all(
      kept.map(({ url, answer }) =>
        cache.put(
          url,
          new Response(JSON.stringify(answer.data), {
            status: answer.status,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
  } catch {
    // Storage full or refused: the worker keeps what it has.
  }
}
