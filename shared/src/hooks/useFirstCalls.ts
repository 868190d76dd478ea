import type { Static, TSchema } from 'typebox';
import { callFirst } from '../api/call';
import type { EndpointAt } from '../api/callTypes';
import { pageCallUrl, type PageCall } from '../pages/firstCalls';
import { useServedState } from './servedAnswers';
import { useAsync, type AsyncState } from './useAsync';

/** What a first call answers: its endpoint's 200 body. */
type AnswerOf<C> =
  C extends PageCall<infer R>
    ? EndpointAt<R> extends { readonly response: { readonly 200: infer S extends TSchema } }
      ? Static<S>
      : never
    : never;

/**
 * A page's first calls (its table's `firstCalls`, built with `firstCalls`), made once as it renders:
 * answered from what the server read for the page when it rendered it, else asked of the API (where
 * the page's HTML preloaded them). Its data is the answers in order.
 */
export function useFirstCalls<const Calls extends readonly PageCall[]>(
  ...calls: Calls
): AsyncState<{ [K in keyof Calls]: AnswerOf<Calls[K]> }> {
  type Answers = { [K in keyof Calls]: AnswerOf<Calls[K]> };
  const served = useServedState<Answers>(...calls);
  const key = calls.map(pageCallUrl).join(' ');
  return useAsync(
    () =>
      Promise.all(calls.map((call) => (callFirst as (first: PageCall) => Promise<unknown>)(call))) as Promise<Answers>,
    [key],
    served,
  );
}

/** One first call (useFirstCalls): its data is the call's answer. */
export function useFirstCall<const Call extends PageCall>(call: Call): AsyncState<AnswerOf<Call>> {
  const state = useFirstCalls(call);
  return state.status === 'success' ? { status: 'success', data: state.data[0] } : state;
}
