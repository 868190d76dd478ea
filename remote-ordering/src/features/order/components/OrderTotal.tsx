import { memo } from 'react';
import { Button, richText, useT, type OrderItem } from '@fu/shared';
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
  const t = useT();
  const quantities = useOrderStore((state) => state.quantities);
  const donation = useOrderStore((state) => chosenDonation(state) ?? 0);
  const totals = orderTotals(items, quantities, donation, hasShipping);
  return (
    <section aria-label={t('ordering.total.label')} className={styles.total} ref={keepFocusAboveBar}>
      {totals.shipping > 0 && <p>{t('ordering.total.shipping', { amount: formatCents(totals.shipping) })}</p>}
      {donation > 0 && <p>{t('ordering.total.donation', { amount: formatCents(donation) })}</p>}
      <p className={styles.totalLine}>
        {/* richText, not <T>: the bar re-renders on every quantity, and a <T> would be one more component each time. */}
        {richText(t('ordering.total.total', { amount: formatCents(totals.total) }), {
          total: <strong data-testid="order-total" />,
        })}
      </p>
      <Button type="submit" id="continue" disabled={submitting} className={styles.continue}>
        {t('ordering.total.continue')}
      </Button>
    </section>
  );
});
