import { formatCents } from '@fu/shared';
import type { CheckoutOrder } from '../api/checkoutApi';
import styles from './checkout.module.css';

/** The box's words: what ticking it adds and why. */
export const coverFeesLabel = (order: CheckoutOrder) =>
  `Add ${formatCents(order.coverFeesAmount)} to cover the card processing fee, so ${order.teamName} receives the full ${formatCents(order.orderTotal)}.`;

/**
 * Issue 19 "Cover the fees": an optional box, unticked until the supporter ticks it, offered only
 * when the server prices one (coverFeesAmount > 0).
 */
export function CoverFeesBox({
  order,
  checked,
  onChange,
}: {
  order: CheckoutOrder;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  if (order.coverFeesAmount <= 0) return null;
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{coverFeesLabel(order)}</span>
    </label>
  );
}
