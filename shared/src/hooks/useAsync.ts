import { startTransition, useEffect, useRef, useState } from 'react';
import { atLeast } from '../ui/Spinner';
import type { ServedState } from './servedAnswers';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

/**
 * Runs a load when its key changes; the spinner stays at least 300 ms (spec §4). The loaded page
 * renders as a transition, so React yields to the browser every few milliseconds while it builds a
 * long page (on a phone, rendering the student page at once was a 100–160 ms task).
 *
 * `served`: what the server already read for this page (useServedState). The page starts from it,
 * as the server rendered it, and loads nothing until its key changes.
 */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[], served?: ServedState<T>): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>(served ?? { status: 'loading' });
  const skipFirstLoad = useRef(served !== undefined);
  useEffect(() => {
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    const settle = (next: AsyncState<T>) => {
      if (!cancelled) startTransition(() => setState(next));
    };
    atLeast(load()).then(
      (data) => settle({ status: 'success', data }),
      (error: unknown) => settle({ status: 'error', error }),
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
