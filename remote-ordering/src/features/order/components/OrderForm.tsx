import { useMemo } from 'react';
import { Button, ErrorSummary, FormField, type FundraiserOrder } from '@fu/shared';
import { StartPageLink } from './StartPageLink';
import { useLoadOrder } from '../hooks/useLoadOrder';
import { useOrderSubmit } from '../hooks/useOrderSubmit';
import { useStoreAlert } from '../hooks/useStoreAlert';
import { visibleItems, type OrderFormMode } from '../orderMode';
import { useOrderStore } from '../store/orderStore';
import { donationCents } from '../validation';
import { orderTotals } from '../orderRequest';
import { formatCents } from '../donationTiers';
import { DonationTiers } from './DonationTiers';
import { ItemCard } from './ItemCard';
import { keepFocusAboveBar } from './keepFocusAboveBar';
import { TeamHeader } from './TeamHeader';
import { TeamProgress } from './TeamProgress';
import { TeamVideo } from './TeamVideo';
import { INACTIVE_MESSAGE } from './messages';
import styles from './order.module.css';

/** The order page's form: what to render for the store's state; loading and submit live in hooks. */
export function OrderForm({ order, mode }: { order: FundraiserOrder; mode: OrderFormMode }) {
  const store = useOrderStore();
  const items = useMemo(() => visibleItems(order, mode), [order, mode]);
  const { errors, submitting, summaryRef, onSubmit } = useOrderSubmit(order, items, mode);
  useLoadOrder(order);
  useStoreAlert();

  if (!order.isActive) {
    return (
      <main>
        <TeamHeader team={order} />
        <div className="page">
          <p className={styles.inactive}>{INACTIVE_MESSAGE}</p>
          <TeamVideo url={order.videoUrl} title={`${order.teamName} message`} />
          <StartPageLink />
        </div>
      </main>
    );
  }

  const donation = donationCents(store);
  const totals = orderTotals(items, store.quantities, donation, order.hasShipping);
  const fieldError = (field: string) => errors.find((error) => error.field === field)?.message;

  return (
    <main>
      <TeamHeader team={order} />
      <TeamProgress fundraiserId={order.fundraiserId} />
      <form className="page" noValidate onSubmit={onSubmit}>
        <TeamVideo url={order.videoUrl} title={`${order.teamName} video`} />
        <ErrorSummary ref={summaryRef} errors={errors} />

        <section aria-labelledby="student-heading" className={styles.section}>
          <h2 id="student-heading">Which student are you supporting?</h2>
          <FormField id="studentFirstName" label="Student first name" error={fieldError('studentFirstName')}>
            <input
              autoComplete="off"
              value={store.studentFirstName}
              onChange={(event) => store.setName('studentFirstName', event.target.value)}
            />
          </FormField>
          <FormField id="studentLastName" label="Student last name" error={fieldError('studentLastName')}>
            <input
              autoComplete="off"
              value={store.studentLastName}
              onChange={(event) => store.setName('studentLastName', event.target.value)}
            />
          </FormField>
        </section>

        {mode.itemId <= 0 && <DonationTiers error={fieldError('customDonation') ?? fieldError('donation')} />}

        {items.length > 0 && (
          <section aria-labelledby="items-heading" className={styles.section} id="items" tabIndex={-1}>
            <h2 id="items-heading">Items</h2>
            {fieldError('items') && <p className={styles.fieldError}>{fieldError('items')}</p>}
            {items.map((item) => (
              <ItemCard key={item.itemId} item={item} fundraiserId={order.fundraiserId} />
            ))}
          </section>
        )}
        {items.length === 0 && fieldError('items') && (
          <p id="items" className={styles.fieldError}>
            {fieldError('items')}
          </p>
        )}

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
      </form>
    </main>
  );
}
