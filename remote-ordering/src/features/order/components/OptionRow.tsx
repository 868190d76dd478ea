import { memo } from 'react';
import { type ItemOption, MAX_QUANTITY, useT } from '@fu/shared';
import { formatCents } from '../donationTiers';
import { useOrderStore } from '../store/orderStore';
import styles from './order.module.css';

interface OptionRowProps {
  option: ItemOption;
  itemId: number;
  fundraiserId: number;
  qty: number;
  /** The row's bundle wording and colour (rowDisplay). */
  text: string;
  highlight: 'bundle' | 'extra' | 'none';
  /** The selected bundle holds this many or more: one step down is refused. */
  atBundleMinimum: boolean;
}

const HIGHLIGHT = { bundle: styles.rowBundle, extra: styles.rowExtra, none: '' };

/** One option's price and quantity stepper; plain values only, so a click elsewhere leaves it be. */
export const OptionRow = memo(function OptionRow({
  option,
  itemId,
  fundraiserId,
  qty,
  text,
  highlight,
  atBundleMinimum,
}: OptionRowProps) {
  const t = useT();
  const { increment, decrement } = useOrderStore.getState();
  return (
    <li className={[styles.optionRow, HIGHLIGHT[highlight]].join(' ')} data-testid={`option-${option.itemOptionId}`}>
      <div className={styles.optionText}>
        <span className={styles.optionName}>{option.name}</span>
        <span>{formatCents(option.price)}</span>
        {text && <span className={styles.bundleInfo}>{text}</span>}
        {option.itemOptionTypeId > 0 && (
          <a
            href={`/TicketPreview/${fundraiserId}`}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.preview}
          >
            {t('ordering.option.preview')}
          </a>
        )}
      </div>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.minus}
          aria-label={t('ordering.option.remove', { name: option.name })}
          disabled={qty === 0}
          onClick={() => decrement(itemId, option.itemOptionId)}
          title={atBundleMinimum ? t('ordering.option.bundleMinimum') : undefined}
        >
          −
        </button>
        <output
          aria-live="polite"
          aria-label={t('ordering.option.quantity', { name: option.name })}
          className={styles.qty}
        >
          {qty}
        </output>
        <button
          type="button"
          className={styles.plus}
          aria-label={t('ordering.option.add', { name: option.name })}
          disabled={qty >= MAX_QUANTITY}
          onClick={() => increment(itemId, option.itemOptionId)}
        >
          +
        </button>
      </div>
    </li>
  );
});
