import { PageHeading, TICKET_MESSAGES, useAsync, useParams, useT } from '@fu/shared';
import { ticketsApi } from '../../wallet';
import { PurchasedTicketRow } from './PurchasedTicketRow';
import styles from './purchases.module.css';

/** /ManageDiscounts/{ticketPurchaseGuid}: 'Your Ticket Purchases', each ticket to share or see redeemed. */
export function ManageDiscountsPage() {
  const purchaseGuid = useParams().ticketPurchaseGuid ?? '';
  const state = useAsync(() => ticketsApi.purchases(purchaseGuid), [purchaseGuid]);
  const t = useT();
  return (
    <main className="page">
      <PageHeading title={t('tickets.purchases.heading')}>{t('tickets.purchases.heading')}</PageHeading>
      {state.status === 'loading' && <p role="status">{t(TICKET_MESSAGES.loading)}</p>}
      {state.status === 'error' && <p role="alert">{t(TICKET_MESSAGES.noPurchase)}</p>}
      {state.status === 'success' && (
        <>
          <p className={styles.order}>
            {state.data.orderId === 0
              ? t(TICKET_MESSAGES.complimentary)
              : t('tickets.purchases.order', { orderId: String(state.data.orderId) })}{' '}
            · {state.data.ticketName}
          </p>
          <ul className={styles.list}>
            {state.data.tickets.map((ticket) => (
              <PurchasedTicketRow key={ticket.guid} purchaseGuid={state.data.guid} ticket={ticket} />
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
