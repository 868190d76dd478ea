import { TICKET_MESSAGES, type TicketOffer, Link } from '@fu/shared';
import styles from './offers.module.css';

/** One offer in the wallet list; a redeemed one says so instead of opening. */
export const PENDING_BADGE = 'Redemption pending';

/**
 * One offer in the wallet list; a redeemed one says so instead of opening. `pending` counts the
 * redemptions saved on this phone while offline, not yet on the server.
 */
export function OfferCard({
  offer,
  sessionGuid,
  pending = 0,
}: {
  offer: TicketOffer;
  sessionGuid: string | null;
  pending?: number;
}) {
  const { vendorOffer } = offer;
  const left = offer.ticketQty - offer.redeemedCount - pending;
  const body = (
    <>
      {vendorOffer.vendor.photoUrl && <img className={styles.logo} src={vendorOffer.vendor.photoUrl} alt="" />}
      <span className={styles.text}>
        <strong>{vendorOffer.vendor.name}</strong>
        <span>{vendorOffer.name}</span>
      </span>
      <span className={styles.badge}>
        {offer.isRedeemed
          ? 'Redeemed'
          : pending > 0 && left <= 0
            ? PENDING_BADGE
            : offer.ticketQty > 1
              ? `${left} left`
              : ''}
      </span>
      {pending > 0 && left > 0 && <span className={styles.pendingBadge}>{PENDING_BADGE}</span>}
    </>
  );
  if (!sessionGuid || !offer.purchaseGuid) {
    return (
      <div className={styles.card} data-testid="offer">
        {body}
      </div>
    );
  }
  if (offer.isRedeemed || left <= 0) {
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
