import type { ReactNode } from 'react';
import { errorMessage, Spinner, type AsyncState } from '@fu/shared';

interface LookupListProps<T> {
  state: AsyncState<T[]>;
  empty: string;
  label: string;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
}

/** The loading, failure, empty and filled states every selection list shares. */
export function LookupList<T>({ state, empty, label, renderItem, itemKey }: LookupListProps<T>) {
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') return <p role="alert">{errorMessage(state.error)}</p>;
  if (state.data.length === 0) return <p>{empty}</p>;
  return (
    <ul className="link-list" aria-label={label}>
      {state.data.map((item) => (
        <li key={itemKey(item)}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}
