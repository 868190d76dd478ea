import { useT, type TicketOffer } from '@fu/shared';
import { pendingCount, type QueuedRedemption } from '../offline';
import { OfferCard } from './OfferCard';
import styles from './offers.module.css';

export function OffersList({
  offers,
  sessionGuid,
  pending = [],
}: {
  offers: TicketOffer[];
  sessionGuid: string | null;
  pending?: QueuedRedemption[];
}) {
  const t = useT();
  if (offers.length === 0) return <p>{t('tickets.offers.none')}</p>;
  return (
    <ul className={styles.list}>
      {offers.map((offer) => (
        <li key={offer.id}>
          <OfferCard offer={offer} sessionGuid={sessionGuid} pending={pendingCount(pending, offer.id)} />
        </li>
      ))}
    </ul>
  );
}
