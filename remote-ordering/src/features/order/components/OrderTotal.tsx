import { memo } from 'react';
import { Button, type OrderItem } from '@fu/shared';
import { chosenDonation, formatCents } from '../donationTiers';
import { orderTotals } from '../orderRequest';
import { useOrderStore } from '../store/orderStore';
import { keepFocusAboveBar } from './keepFocusAboveBar';
import styles from './order.module.css';

/**
 * The sticky bar at the bottom of the form: shipping, donation and total as chosen so far, and the
 * Continue button. It re-renders when a quantity or the donation changes, not on a keystroke in a name.
 */
export const OrderTotal = memo(function OrderTotal({
  items,
  hasShipping,
  submitting,
}: {
  items: OrderItem[];
  hasShipping: boolean;
  submitting: boolean;
}) {
  const quantities = useOrderStore((state) => state.quantities);
  const donation = useOrderStore((state) => chosenDonation(state) ?? 0);
  const totals = orderTotals(items, quantities, donation, hasShipping);
  return (
    <section aria-label="Order total" className={styles.total} ref={keepFocusAboveBar}>
      {totals.shipping > 0 && <p>Shipping: {formatCents(totals.shipping)}</p>}
      {donation > 0 && <p>Donation: {formatCents(donation)}</p>}
      <p className={styles.totalLine}>
        Total: <strong data-testid="order-total">{formatCents(totals.total)}</strong>
      </p>
      <Button type="submit" id="continue" disabled={submitting} className={styles.continue}>
        Continue to checkout
      </Button>
    </section>
  );
});
