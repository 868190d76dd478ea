import { TICKET_MESSAGES, type TicketOffer, Link } from '@fu/shared';
import styles from './offers.module.css';

/** One offer in the wallet list; a redeemed one says so instead of opening. */
export function OfferCard({ offer, sessionGuid }: { offer: TicketOffer; sessionGuid: string | null }) {
  const { vendorOffer } = offer;
  const body = (
    <>
      {vendorOffer.vendor.photoUrl && <img className={styles.logo} src={vendorOffer.vendor.photoUrl} alt="" />}
      <span className={styles.text}>
        <strong>{vendorOffer.vendor.name}</strong>
        <span>{vendorOffer.name}</span>
      </span>
      <span className={styles.badge}>
        {offer.isRedeemed ? 'Redeemed' : offer.ticketQty > 1 ? `${offer.ticketQty - offer.redeemedCount} left` : ''}
      </span>
    </>
  );
  if (!sessionGuid || !offer.purchaseGuid) {
    return (
      <div className={styles.card} data-testid="offer">
        {body}
      </div>
    );
  }
  if (offer.isRedeemed) {
    return (
      <button
        type="button"
        className={`${styles.card} ${styles.redeemed}`}
        data-testid="offer"
        onClick={() => window.alert(TICKET_MESSAGES.alreadyRedeemed)}
      >
        {body}
      </button>
    );
  }
  return (
    <Link className={styles.card} data-testid="offer" to={`/MyOffers/${sessionGuid}/Redeem/${offer.id}`}>
      {body}
    </Link>
  );
}
