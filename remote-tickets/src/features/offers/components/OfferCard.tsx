import { TICKET_MESSAGES, type TicketOffer, Link, useT, type Translate } from '@fu/shared';
import { useInBrowser } from '../../../hooks/useInBrowser';
import { useRedemptionWords } from '../redemptionTime';
import styles from './offers.module.css';

/**
 * What is left of an offer: used up on the server, used up by saved redemptions (tickets.offer.pending,
 * as beside an offer with a redemption saved on this phone but not yet on the server), or how many uses remain.
 */
function usesBadge(t: Translate, offer: TicketOffer, left: number, pending: number): string {
  if (offer.isRedeemed) return t('tickets.offer.redeemed');
  if (left <= 0 && pending > 0) return t('tickets.offer.pending');
  return offer.ticketQty > 1 ? t('tickets.offer.left', { count: left }) : '';
}

/**
 * One offer in the wallet list; a redeemed one says so, and when, instead of opening (the spec's
 * alert when tapped). `pending` counts the redemptions saved on this phone while offline, not yet on
 * the server.
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
  const t = useT();
  const { redeemedAtLine } = useRedemptionWords();
  const { vendorOffer } = offer;
  const left = offer.ticketQty - offer.redeemedCount - pending;
  // In the phone's time zone, which the server's render cannot know: the line is the browser's.
  const inBrowser = useInBrowser();
  const body = (
    <>
      {vendorOffer.vendor.photoUrl && <img className={styles.logo} src={vendorOffer.vendor.photoUrl} alt="" />}
      <span className={styles.text}>
        <strong>{vendorOffer.vendor.name}</strong>
        <span>{vendorOffer.name}</span>
        {inBrowser && offer.isRedeemed && offer.lastRedeemedAt && (
          <span className={styles.redeemedAt}>{redeemedAtLine(new Date(offer.lastRedeemedAt), new Date())}</span>
        )}
      </span>
      <span className={styles.badge}>{usesBadge(t, offer, left, pending)}</span>
      {pending > 0 && left > 0 && <span className={styles.pendingBadge}>{t('tickets.offer.pending')}</span>}
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
        onClick={() => window.alert(t(TICKET_MESSAGES.alreadyRedeemed))}
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
