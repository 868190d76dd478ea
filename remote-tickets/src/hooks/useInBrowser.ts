import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server's render and while the app takes that markup over, true from then on: for
 * what only the phone can say (its own time zone), which the served markup must leave out rather
 * than differ from.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
