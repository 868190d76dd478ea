import { useAsync } from '@fu/shared';

/** Lookups are keyed by their arguments so a changed route parameter reloads the list. */
export function useLookup<T>(load: () => Promise<T>, key: readonly unknown[]) {
  return useAsync(load, key);
}
