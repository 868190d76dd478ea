import { PageHeading, TICKET_MESSAGES, useAsync, useParams } from '@fu/shared';
import { ticketsApi } from '../../wallet';
import { PurchasedTicketRow } from './PurchasedTicketRow';
import styles from './purchases.module.css';

/** /ManageDiscounts/{ticketPurchaseGuid}: 'Your Ticket Purchases', each ticket to share or see redeemed. */
export function ManageDiscountsPage() {
  const purchaseGuid = useParams().ticketPurchaseGuid ?? '';
  const state = useAsync(() => ticketsApi.purchases(purchaseGuid), [purchaseGuid]);
  return (
    <main className="page">
      <PageHeading title="Your Ticket Purchases">Your Ticket Purchases</PageHeading>
      {state.status === 'loading' && <p role="status">{TICKET_MESSAGES.loading}</p>}
      {state.status === 'error' && <p role="alert">{TICKET_MESSAGES.noPurchase}</p>}
      {state.status === 'success' && (
        <>
          <p className={styles.order}>
            {state.data.orderId === 0 ? TICKET_MESSAGES.complimentary : `Order #${state.data.orderId}`} ·{' '}
            {state.data.ticketName}
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
