import { Link, useT } from '@fu/shared';
import styles from './receipt.module.css';

/**
 * A ticket buyer's way to their tickets: the first thing under the receipt's heading, a button-styled
 * link on a phone's first screen, since that is what they came for (issue 31).
 */
export function ReceiptTickets({ ticketPurchaseGuid }: { ticketPurchaseGuid: string }) {
  const t = useT();
  return (
    <section className={styles.firstAction} aria-labelledby="receipt-tickets">
      <h2 id="receipt-tickets">{t('checkout.tickets.heading')}</h2>
      <p>
        <Link className={styles.primaryLink} to={`/ManageDiscounts/${ticketPurchaseGuid}`}>
          {t('checkout.tickets.open')}
        </Link>
      </p>
      <p>{t('checkout.tickets.sent')}</p>
    </section>
  );
}
