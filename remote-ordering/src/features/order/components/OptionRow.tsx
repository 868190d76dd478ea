import {
  type ItemOption,
  bundleQuantityFor,
  rowDisplay,
  MAX_QUANTITY,
  type OptionBundle,
  type Quantities,
} from '@fu/shared';
import { formatCents } from '../donationTiers';
import styles from './order.module.css';

interface OptionRowProps {
  option: ItemOption;
  fundraiserId: number;
  quantities: Quantities;
  bundle?: OptionBundle;
  onIncrement(): void;
  onDecrement(): void;
}

export function OptionRow({ option, fundraiserId, quantities, bundle, onIncrement, onDecrement }: OptionRowProps) {
  const qty = quantities[option.itemOptionId] ?? 0;
  const display = rowDisplay(bundle, quantities, option.itemOptionId);
  const highlight =
    display.highlight === 'bundle' ? styles.rowBundle : display.highlight === 'extra' ? styles.rowExtra : '';
  return (
    <li className={[styles.optionRow, highlight].join(' ')} data-testid={`option-${option.itemOptionId}`}>
      <div className={styles.optionText}>
        <span className={styles.optionName}>{option.name}</span>
        <span>{formatCents(option.price)}</span>
        {display.text && <span className={styles.bundleInfo}>{display.text}</span>}
        {option.itemOptionTypeId > 0 && (
          <a
            href={`/TicketPreview/${fundraiserId}`}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.preview}
          >
            Preview
          </a>
        )}
      </div>
      <div className={styles.stepper}>
        <button
          type="button"
          className={styles.minus}
          aria-label={`Remove one ${option.name}`}
          disabled={qty === 0}
          onClick={onDecrement}
          title={qty > 0 && qty <= bundleQuantityFor(bundle, option.itemOptionId) ? 'Bundle minimum' : undefined}
        >
          −
        </button>
        <output aria-live="polite" aria-label={`${option.name} quantity`} className={styles.qty}>
          {qty}
        </output>
        <button
          type="button"
          className={styles.plus}
          aria-label={`Add one ${option.name}`}
          disabled={qty >= MAX_QUANTITY}
          onClick={onIncrement}
        >
          +
        </button>
      </div>
    </li>
  );
}
