import {
  errorMessage,
  Link,
  PageHeading,
  Spinner,
  useAsync,
  useParams,
  useT,
  walletTicketLine,
  type TicketOffer,
  type TicketSession,
} from '@fu/shared';
import { TicketFrame, ticketsApi } from '../../wallet';
import { usePendingRedemptions, type QueuedRedemption } from '../offline';
import { useRedemptionWords } from '../redemptionTime';
import styles from './offers.module.css';

function UsedOffer({ offer, saved }: { offer: TicketOffer; saved: QueuedRedemption[] }) {
  const { usedLine, tappedLine } = useRedemptionWords();
  const { vendorOffer } = offer;
  const now = new Date();
  const last = offer.lastRedeemedAt ? new Date(offer.lastRedeemedAt) : undefined;
  return (
    <li className={styles.card} data-testid="used-offer">
      <span className={styles.text}>
        <strong>{vendorOffer.vendor.name}</strong>
        <span>{vendorOffer.name}</span>
        {offer.redeemedCount > 0 && <span>{usedLine(offer.redeemedCount, offer.ticketQty, last, now)}</span>}
        {saved.map((redemption) => (
          <span key={redemption.key} className={styles.pendingBadge}>
            {tappedLine(new Date(redemption.queuedAt), now)}
          </span>
        ))}
      </span>
    </li>
  );
}

function UsedOffers({ session }: { session: TicketSession }) {
  const t = useT();
  const { pending, syncedVersion } = usePendingRedemptions(session.guid);
  const state = useAsync(() => ticketsApi.offers(session.guid), [session.guid, syncedVersion]);
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') return <p role="alert">{t(errorMessage(state.error))}</p>;
  const savedOf = (offer: TicketOffer) => pending.filter((redemption) => redemption.offerId === offer.id);
  const used = state.data.filter((offer) => offer.redeemedCount > 0 || savedOf(offer).length > 0);
  if (used.length === 0) return <p>{t('tickets.history.nothingUsed')}</p>;
  return (
    <ul className={styles.list}>
      {used.map((offer) => (
        <UsedOffer key={offer.id} offer={offer} saved={savedOf(offer)} />
      ))}
    </ul>
  );
}

/**
 * /MyOffers/{sessionGuid}/History: what this ticket has used, and when (issue 31's answer to the
 * spec's Purchases tab, which opened the buyer's page). The buyer's own browser also gets the way
 * back to its purchase: the server gives the purchase guid to no one else.
 */
export function HistoryPage() {
  const guid = useParams().sessionGuid ?? '';
  const t = useT();
  return (
    <main className="page">
      <PageHeading title={t('tickets.history.heading')}>{t('tickets.history.heading')}</PageHeading>
      <TicketFrame guid={guid}>
        {(session) => (
          <>
            <p>{walletTicketLine(session.ticket)}</p>
            <UsedOffers session={session} />
            {session.ticketPurchaseGuid && (
              <p>
                <Link className="link-target" to={`/ManageDiscounts/${session.ticketPurchaseGuid}`}>
                  {t('tickets.history.purchases')}
                </Link>
              </p>
            )}
          </>
        )}
      </TicketFrame>
    </main>
  );
}
