import { memo, useState } from 'react';
import {
  Button,
  Modal,
  type OrderItem,
  bundleQuantityFor,
  detectSelection,
  itemsFirst,
  rowDisplay,
  useT,
} from '@fu/shared';
import { useItemQuantities, useOrderStore } from '../store/orderStore';
import { BundleTiers } from './BundleTiers';
import { OptionRow } from './OptionRow';
import styles from './order.module.css';

/**
 * One item: Show Selection image modal, its messageTextName, bundle tiers and option rows. It reads
 * only its own item's quantities and bundles from the store, so another item's click leaves it be.
 */
export const ItemCard = memo(function ItemCard({ item, fundraiserId }: { item: OrderItem; fundraiserId: number }) {
  const t = useT();
  const [showImage, setShowImage] = useState(false);
  const quantities = useItemQuantities(item.itemId);
  const bundleState = useOrderStore((state) => state.bundleState[item.itemId]);
  const hasBundles = (bundleState?.bundles.length ?? 0) > 0;
  const selected = bundleState?.mode === 'bundle' ? bundleState.selected : undefined;
  const extrasFirst =
    hasBundles && itemsFirst(detectSelection(bundleState!.bundles, quantities)) && selected !== undefined;

  const rows = (
    <ul className={styles.optionList} aria-label={t('ordering.item.options', { itemName: item.messageTextName })}>
      {item.fundraiserOrderItemOptions.map((option) => {
        const qty = quantities[option.itemOptionId] ?? 0;
        const display = rowDisplay(selected, quantities, option.itemOptionId, t);
        return (
          <OptionRow
            key={option.itemOptionId}
            option={option}
            itemId={item.itemId}
            fundraiserId={fundraiserId}
            qty={qty}
            text={display.text}
            highlight={display.highlight}
            atBundleMinimum={qty > 0 && qty <= bundleQuantityFor(selected, option.itemOptionId)}
          />
        );
      })}
    </ul>
  );
  const tiers = hasBundles && bundleState && (
    <BundleTiers itemId={item.itemId} options={item.fundraiserOrderItemOptions} state={bundleState} />
  );

  return (
    <article className={styles.itemCard} aria-labelledby={`item-${item.itemId}`}>
      <h3 id={`item-${item.itemId}`}>{item.messageTextName}</h3>
      {item.itemImage && (
        <Button variant="secondary" onClick={() => setShowImage(true)}>
          {t('ordering.item.showSelection')}
        </Button>
      )}
      {extrasFirst ? (
        <>
          {rows}
          {tiers}
        </>
      ) : (
        <>
          {tiers}
          {rows}
        </>
      )}
      <Modal open={showImage} label={item.messageTextName} onClose={() => setShowImage(false)} closeOnClick>
        {item.itemImage && (
          <img className={styles.itemImage} src={item.itemImage} alt={item.messageTextName} width={350} height={525} />
        )}
      </Modal>
    </article>
  );
});
