import { useState } from 'react';
import {
  Button,
  errorMessage,
  httpStatus,
  Modal,
  PageHeading,
  Spinner,
  TICKET_MESSAGES,
  useAsync,
  type TicketOffer,
  Link,
  useParams,
} from '@fu/shared';
import { TicketFrame, ticketsApi } from '../../wallet';
import styles from './offers.module.css';

const isAlreadyRedeemed = (error: unknown) => httpStatus(error) === 409;

function OfferRedemption({ sessionGuid, initial }: { sessionGuid: string; initial: TicketOffer }) {
  const [offer, setOffer] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { vendorOffer } = offer;
  const canRedeem = Boolean(offer.purchaseGuid);

  function openConfirm() {
    if (offer.isRedeemed) {
      window.alert(TICKET_MESSAGES.alreadyRedeemed);
      return;
    }
    setConfirming(true);
  }

  async function redeem() {
    setBusy(true);
    setError('');
    try {
      setOffer((await ticketsApi.redeem(sessionGuid, offer.id)).offer);
      setConfirming(false);
    } catch (failure) {
      setConfirming(false);
      if (isAlreadyRedeemed(failure)) {
        window.alert(TICKET_MESSAGES.alreadyRedeemed);
        setOffer({ ...offer, isRedeemed: true, redeemedCount: offer.ticketQty });
      } else {
        setError(errorMessage(failure));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <article className={styles.offerCard} aria-labelledby="offer-name">
        {vendorOffer.vendor.photoUrl && <img src={vendorOffer.vendor.photoUrl} alt={vendorOffer.vendor.name} />}
        <h2 id="offer-name">{vendorOffer.name}</h2>
        <p>{vendorOffer.vendor.name}</p>
        <p>{vendorOffer.description}</p>
        {vendorOffer.photoUrl && <img src={vendorOffer.photoUrl} alt="" />}
        {offer.ticketQty > 1 && (
          <p data-testid="redemptions">
            Used {offer.redeemedCount} of {offer.ticketQty}
          </p>
        )}
      </article>
      <ol className={styles.steps}>
        <li>Show this screen to the cashier before you pay.</li>
        <li>Tap Redeem when the cashier is ready.</li>
        <li>Confirm, and let the cashier see the confirmation.</li>
      </ol>
      {error && <p role="alert">{error}</p>}
      <div className={styles.actions}>
        <Link className={styles.back} to={`/MyOffers/${sessionGuid}/`}>
          Back
        </Link>
        {canRedeem && (
          <Button onClick={openConfirm} aria-disabled={offer.isRedeemed}>
            {offer.isRedeemed ? 'Redeemed' : 'Redeem'}
          </Button>
        )}
      </div>
      <Modal open={confirming} label={TICKET_MESSAGES.presentAtCheckout} onClose={() => setConfirming(false)}>
        <h2>{TICKET_MESSAGES.presentAtCheckout}</h2>
        <p>
          {vendorOffer.vendor.name}: {vendorOffer.name}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button disabled={busy} onClick={() => void redeem()}>
            Confirm
          </Button>
        </div>
      </Modal>
    </>
  );
}

/** /MyOffers/{sessionGuid}/Redeem/{ticketOfferId}: one offer, redeemed at the register. */
export function RedeemOfferPage() {
  const { sessionGuid = '', ticketOfferId } = useParams();
  return (
    <main className="page">
      <PageHeading title="Redeem Offer">Redeem Offer</PageHeading>
      <TicketFrame guid={sessionGuid}>
        {(session) => <OfferDetails sessionGuid={session.guid} offerId={Number(ticketOfferId)} />}
      </TicketFrame>
    </main>
  );
}

function OfferDetails({ sessionGuid, offerId }: { sessionGuid: string; offerId: number }) {
  const state = useAsync(() => ticketsApi.offer(sessionGuid, offerId), [sessionGuid, offerId]);
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') return <p role="alert">{errorMessage(state.error)}</p>;
  return <OfferRedemption sessionGuid={sessionGuid} initial={state.data} />;
}
