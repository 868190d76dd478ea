import type { ServedAnswers } from '@fu/shared';
import { isWalletApi, WALLET_API_CACHE } from '../sw/routes';
import { putJsonForWorker } from './workerCache';

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
  const kept = Object.entries(answers).flatMap(([call, answer]) => {
    const url = new URL(`${apiBaseUrl}${call}`, scope.location.href);
    const wallet = url.origin === scope.location.origin && isWalletApi(url.pathname);
    const ok = answer.status >= 200 && answer.status < 300;
    return wallet && ok ? [{ url: url.href, data: answer.data, status: answer.status }] : [];
  });
  await putJsonForWorker(scope, WALLET_API_CACHE, kept);
}
