import type { ReactNode } from 'react';
import { errorMessage, Link, Spinner, useT, type AsyncState } from '@fu/shared';

interface LookupListProps<T> {
  state: AsyncState<T[]>;
  empty: string;
  /** Where an empty list sends the visitor on: a step back, or help. */
  emptyWayOn: { to: string; text: string };
  label: string;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
}

/** The loading, failure, empty and filled states every selection list shares; an empty one is no dead end. */
export function LookupList<T>({ state, empty, emptyWayOn, label, renderItem, itemKey }: LookupListProps<T>) {
  const t = useT();
  if (state.status === 'loading') return <Spinner />;
  // The server's message is English; its Spanish is @fu/shared's catalog's, keyed by it.
  if (state.status === 'error') return <p role="alert">{t(errorMessage(state.error))}</p>;
  if (state.data.length === 0) {
    return (
      <>
        <p>{empty}</p>
        <p>
          <Link to={emptyWayOn.to} className="link-target">
            {emptyWayOn.text}
          </Link>
        </p>
      </>
    );
  }
  return (
    <ul className="link-list" aria-label={label}>
      {state.data.map((item) => (
        <li key={itemKey(item)}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}
