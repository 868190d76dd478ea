import { memo, useDeferredValue } from 'react';
import { useT, type OrderItem } from '@fu/shared';
import { ItemCard } from './ItemCard';
import styles from './order.module.css';

const NO_ITEMS: OrderItem[] = [];

// What the cards take at 360 px before their bundles arrive (a card's heading, Show Selection and
// padding, then each option row), to hold their place while they render.
const CARD_PX = 170;
const OPTION_ROW_PX = 65;

const placeHeight = (items: OrderItem[]) =>
  items.reduce((sum, item) => sum + CARD_PX + OPTION_ROW_PX * item.fundraiserOrderItemOptions.length, 0);

/**
 * The items section. Its cards are most of the page's elements and sit below the first screen, so
 * they render just after the rest of the form has painted (a deferred value: React renders them in
 * slices, between frames), in a space of about their size so nothing below them moves.
 */
export const ItemList = memo(function ItemList({
  items,
  fundraiserId,
  error,
}: {
  items: OrderItem[];
  fundraiserId: number;
  error?: string;
}) {
  const t = useT();
  const shown = useDeferredValue(items, NO_ITEMS);
  if (items.length === 0) {
    return error ? (
      <p id="items" className={styles.fieldError}>
        {t(error)}
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby="items-heading" className={styles.section} id="items" tabIndex={-1}>
      <h2 id="items-heading">{t('ordering.items.heading')}</h2>
      {error && <p className={styles.fieldError}>{t(error)}</p>}
      {shown === NO_ITEMS ? (
        <div style={{ minHeight: placeHeight(items) }} />
      ) : (
        shown.map((item) => <ItemCard key={item.itemId} item={item} fundraiserId={fundraiserId} />)
      )}
    </section>
  );
});
