import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  ErrorSummary,
  errorBody,
  errorMessage,
  httpStatus,
  FormField,
  CASH_CHECK_EXCLUDED_ITEM_ID,
  type FieldError,
  type FundraiserOrder,
  type OrderItem,
  useNavigate,
} from '@fu/shared';
import { orderApi } from '../api/orderApi';
import { useOrderStore, totalQuantity } from '../store/orderStore';
import { donationCents, validateOrder } from '../validation';
import { buildCreateOrderRequest, orderTotals } from '../orderRequest';
import { formatCents } from '../donationTiers';
import { DonationTiers } from './DonationTiers';
import { ItemCard } from './ItemCard';
import { TeamHeader } from './TeamHeader';
import { TeamProgress } from './TeamProgress';
import { TeamVideo } from './TeamVideo';
import { INACTIVE_MESSAGE } from './messages';
import styles from './order.module.css';

export interface OrderFormMode {
  /** Route item id: -1 donate, -2 give, 0 everything, >0 that item only. */
  itemId: number;
  /** Set in cash/check mode: the route's cashcheck segment. */
  cashCheck?: string;
  fundraiserDeviceGuid?: string;
  orderId?: number;
}

function isGone(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 404 || status === 409;
}

/** Spec §6: cash/check mode removes item 43 and keeps only option type 0. */
export function visibleItems(order: FundraiserOrder, mode: OrderFormMode): OrderItem[] {
  if (mode.itemId < 0) return [];
  let items = order.fundraiserOrderItems;
  if (mode.itemId > 0 && items.some((item) => item.itemId === mode.itemId)) {
    items = items.filter((item) => item.itemId === mode.itemId);
  }
  if (mode.cashCheck !== undefined) {
    items = items
      .filter((item) => item.itemId !== CASH_CHECK_EXCLUDED_ITEM_ID)
      .map((item) => ({
        ...item,
        fundraiserOrderItemOptions: item.fundraiserOrderItemOptions.filter((o) => o.itemOptionTypeId === 0),
      }))
      .filter((item) => item.fundraiserOrderItemOptions.length > 0);
  }
  return items;
}

export function OrderForm({ order, mode }: { order: FundraiserOrder; mode: OrderFormMode }) {
  const navigate = useNavigate();
  const store = useOrderStore();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const items = useMemo(() => visibleItems(order, mode), [order, mode]);

  useEffect(() => {
    store.load(order);
    for (const item of order.fundraiserOrderItems) {
      void orderApi
        .bundlesForItem(item.itemId)
        .then((bundles) => useOrderStore.getState().setBundles(item.itemId, bundles));
    }
    // Load once per order; the store is the page's state from here on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order]);

  useEffect(() => {
    if (!store.alert) return;
    window.alert(store.alert);
    store.dismissAlert();
  }, [store.alert]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!order.isActive) {
    return (
      <main>
        <TeamHeader team={order} />
        <div className="page">
          <p className={styles.inactive}>{INACTIVE_MESSAGE}</p>
          <TeamVideo url={order.videoUrl} title={`${order.teamName} message`} />
        </div>
      </main>
    );
  }

  const donation = donationCents(store);
  const totals = orderTotals(items, store.quantities, donation, order.hasShipping);
  const fieldError = (field: string) => errors.find((error) => error.field === field)?.message;

  async function submit() {
    const found = validateOrder({
      studentFirstName: store.studentFirstName,
      studentLastName: store.studentLastName,
      totalQuantity: totalQuantity(store.quantities),
      donationChoice: store.donationChoice,
      customDonation: store.customDonation,
    });
    setErrors(found);
    if (found.length) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setSubmitting(true);
    try {
      const save = (orderId: number | undefined) =>
        orderApi.createOrder(
          buildCreateOrderRequest(order, items, store, donation, {
            orderId,
            isCashCheck: mode.cashCheck !== undefined,
            isDonate: mode.itemId === -1,
            fundraiserDeviceGuid: mode.fundraiserDeviceGuid,
          }),
        );
      const orderId = await save(mode.orderId).catch((error: unknown) => {
        // A student's cash/check draft that was paid or removed since: start a new order instead.
        if (mode.cashCheck !== undefined && mode.orderId && isGone(error)) return save(undefined);
        throw error;
      });
      navigate(
        mode.cashCheck !== undefined ? `/checkoutcashcheck/${orderId}/${mode.cashCheck}` : `/checkout/${orderId}`,
      );
    } catch (error) {
      const body = errorBody<{ errors?: FieldError[] }>(error);
      setErrors(body?.errors?.length ? body.errors : [{ field: 'continue', message: errorMessage(error) }]);
      setSubmitting(false);
      requestAnimationFrame(() => summaryRef.current?.focus());
    }
  }

  return (
    <main>
      <TeamHeader team={order} />
      <TeamProgress fundraiserId={order.fundraiserId} />
      <form
        className="page"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
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

        <section aria-label="Order total" className={styles.total}>
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
