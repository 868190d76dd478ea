import { AxiosError, AxiosHeaders } from 'axios';
import { createContext, useContext, type ReactNode } from 'react';
import { pageCallUrl, type PageCall } from '../pages/firstCalls';
import { SERVED_ANSWERS_ELEMENT_ID, type ServedAnswer, type ServedAnswers } from '../pages';

const ServedAnswersContext = createContext<ServedAnswers>({});

/** Gives the page's first render the answers the server read for it (the server's render and the hydrating app alike). */
export function ServedAnswersProvider({ answers, children }: { answers: ServedAnswers; children: ReactNode }) {
  return <ServedAnswersContext.Provider value={answers}>{children}</ServedAnswersContext.Provider>;
}

/** The state a served answer puts a page in: its data, or the error its call would have rejected with. */
export type ServedState<T> = { status: 'success'; data: T } | { status: 'error'; error: unknown };

/** A failed answer as the shared client rejects it, so the page shows what it shows for the call's own error. */
function answerError(url: string, answer: ServedAnswer): AxiosError {
  const config = { url, headers: new AxiosHeaders() };
  return new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_REQUEST, config, null, {
    status: answer.status,
    statusText: '',
    data: answer.data,
    headers: {},
    config,
  });
}

/**
 * The page's state from the answers the server read for `calls`, or undefined when any is missing:
 * the page then makes the calls itself. Its data is the list of their answers in order, and the
 * first failed answer is the page's error, as `Promise.all` of the calls would resolve or reject.
 */
export function useServedState<T>(...calls: readonly PageCall[]): ServedState<T> | undefined {
  const answers = useContext(ServedAnswersContext);
  const served = calls.map((call) => [pageCallUrl(call), answers[pageCallUrl(call)]] as const);
  if (calls.length === 0 || served.some(([, answer]) => !answer)) return undefined;
  const failed = served.find(([, answer]) => answer!.status >= 400);
  if (failed) return { status: 'error', error: answerError(failed[0], failed[1]!) };
  const data = served.map(([, answer]) => answer!.data);
  return { status: 'success', data: data as T };
}

/**
 * The answers the server wrote into `doc` with the first screen it rendered (SERVED_ANSWERS_ELEMENT_ID),
 * or undefined on a page it did not render (its plain first paint, the dev server's, the offline copy).
 */
export function servedAnswersIn(doc: Document): ServedAnswers | undefined {
  const text = doc.getElementById(SERVED_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const answers: unknown = JSON.parse(text);
    return answers && typeof answers === 'object' ? (answers as ServedAnswers) : undefined;
  } catch {
    return undefined;
  }
}

/** The page's state from the server's answer to one first call (useServedState), its data that answer. */
export function useServedAnswer<T>(call: PageCall | undefined): ServedState<T> | undefined {
  const served = useServedState<[T]>(...(call ? [call] : []));
  return served?.status === 'success' ? { status: 'success', data: served.data[0] } : served;
}
