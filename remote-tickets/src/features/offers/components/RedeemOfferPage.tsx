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
import { isUnreachable, pendingCount, usePendingRedemptions, useRedemptions } from '../offline';
import { PENDING_BADGE } from './OfferCard';
import { RedemptionNotice } from './RedemptionNotice';
import styles from './offers.module.css';

const isAlreadyRedeemed = (error: unknown) => httpStatus(error) === 409;

function OfferRedemption({
  sessionGuid,
  initial,
  pending,
}: {
  sessionGuid: string;
  initial: TicketOffer;
  pending: number;
}) {
  const [offer, setOffer] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { vendorOffer } = offer;
  const canRedeem = Boolean(offer.purchaseGuid);
  // Redemptions saved offline count as used here, so one tap cannot be spent twice.
  const used = offer.redeemedCount + pending;
  const usedUp = offer.isRedeemed || used >= offer.ticketQty;

  function openConfirm() {
    if (offer.isRedeemed) window.alert(TICKET_MESSAGES.alreadyRedeemed);
    // Used up by redemptions saved offline: the button already says they are pending.
    if (usedUp) return;
    setConfirming(true);
  }

  async function redeem() {
    setBusy(true);
    setError('');
    try {
      const result = await useRedemptions.getState().redeem(sessionGuid, offer.id);
      if (result.status === 'redeemed') setOffer(result.offer);
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
            Used {used} of {offer.ticketQty}
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
          <Button onClick={openConfirm} aria-disabled={usedUp}>
            {offer.isRedeemed ? 'Redeemed' : usedUp ? PENDING_BADGE : 'Redeem'}
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

/**
 * The offer's details; with no network, the offer from the wallet's list (the service worker keeps
 * the list of a visited wallet, and not every offer's details page need have been opened).
 */
async function offerDetails(sessionGuid: string, offerId: number): Promise<TicketOffer> {
  try {
    return await ticketsApi.offer(sessionGuid, offerId);
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const offer = (await ticketsApi.offers(sessionGuid).catch(() => [])).find((listed) => listed.id === offerId);
    if (!offer) throw error;
    return offer;
  }
}

function OfferDetails({ sessionGuid, offerId }: { sessionGuid: string; offerId: number }) {
  const { pending, notice, syncedVersion } = usePendingRedemptions(sessionGuid);
  // Read afresh once saved redemptions reached the server.
  const state = useAsync(() => offerDetails(sessionGuid, offerId), [sessionGuid, offerId, syncedVersion]);
  return (
    <>
      {/* Outside the offer, so it stays on screen while the offer is read afresh. */}
      <RedemptionNotice notice={notice} pending={pendingCount(pending, offerId)} />
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{errorMessage(state.error)}</p>}
      {state.status === 'success' && (
        <OfferRedemption
          key={syncedVersion}
          sessionGuid={sessionGuid}
          initial={state.data}
          pending={pendingCount(pending, offerId)}
        />
      )}
    </>
  );
}
