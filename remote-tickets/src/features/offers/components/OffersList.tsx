import type { TicketOffer } from '@fu/shared';
import { OfferCard } from './OfferCard';
import styles from './offers.module.css';

export function OffersList({ offers, sessionGuid }: { offers: TicketOffer[]; sessionGuid: string | null }) {
  if (offers.length === 0) return <p>No offers on this ticket yet.</p>;
  return (
    <ul className={styles.list}>
      {offers.map((offer) => (
        <li key={offer.id}>
          <OfferCard offer={offer} sessionGuid={sessionGuid} />
        </li>
      ))}
    </ul>
  );
}
