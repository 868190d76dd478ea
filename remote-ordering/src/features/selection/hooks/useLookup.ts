import { useAsync, type ServedState } from '@fu/shared';

/** Lookups are keyed by their arguments so a changed route parameter reloads the list. */
export function useLookup<T>(load: () => Promise<T>, key: readonly unknown[], served?: ServedState<T>) {
  return useAsync(load, key, served);
}
