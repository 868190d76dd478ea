import { memo } from 'react';
import type { OrderItem } from '@fu/shared';
import { ItemCard } from './ItemCard';
import styles from './order.module.css';

/** The items section: a card per item, or only the error when the route offers none. */
export const ItemList = memo(function ItemList({
  items,
  fundraiserId,
  error,
}: {
  items: OrderItem[];
  fundraiserId: number;
  error?: string;
}) {
  if (items.length === 0) {
    return error ? (
      <p id="items" className={styles.fieldError}>
        {error}
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby="items-heading" className={styles.section} id="items" tabIndex={-1}>
      <h2 id="items-heading">Items</h2>
      {error && <p className={styles.fieldError}>{error}</p>}
      {items.map((item) => (
        <ItemCard key={item.itemId} item={item} fundraiserId={fundraiserId} />
      ))}
    </section>
  );
});
