import { useState } from 'react';
import {
  Button,
  errorMessage,
  httpStatus,
  Link,
  Modal,
  PageHeading,
  recentRedemption,
  Spinner,
  TICKET_MESSAGES,
  useAsync,
  useParams,
  useT,
  walletTicketLine,
  type TicketOffer,
  type TicketSession,
} from '@fu/shared';
import { TicketFrame, ticketsApi } from '../../wallet';
import { isUnreachable, usePendingRedemptions, useRedemptions, type QueuedRedemption } from '../offline';
import { useRedemptionWords } from '../redemptionTime';
import { RedemptionNotice } from './RedemptionNotice';
import { RedemptionProof, type Proof } from './RedemptionProof';
import styles from './offers.module.css';

const isAlreadyRedeemed = (error: unknown) => httpStatus(error) === 409;

/** Redeem's two questions: the spec's "Present this at Checkout", then, for a repeat, when it was last used. */
type Step = { name: 'closed' } | { name: 'confirm' } | { name: 'again'; lastUse: Date };

function OfferRedemption({
  session,
  initial,
  pending,
  onRedeemed,
}: {
  session: TicketSession;
  initial: TicketOffer;
  /** This offer's redemptions saved on the phone, not yet on the server. */
  pending: QueuedRedemption[];
  onRedeemed: (proof: Proof) => void;
}) {
  const t = useT();
  const { redeemedAtLine, usedAgainQuestion } = useRedemptionWords();
  const [offer, setOffer] = useState(initial);
  const [step, setStep] = useState<Step>({ name: 'closed' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { vendorOffer } = offer;
  const canRedeem = Boolean(offer.purchaseGuid);
  // Redemptions saved offline count as used here, so one tap cannot be spent twice.
  const used = offer.redeemedCount + pending.length;
  const usedUp = offer.isRedeemed || used >= offer.ticketQty;
  const lastUse = () => {
    const times = [offer.lastRedeemedAt, ...pending.map((saved) => saved.queuedAt)];
    return recentRedemption(offer, times, session.repeatWarningMinutes, Date.now());
  };
  const vendorPhoto = vendorOffer.vendor.photoUrl;
  // The offer's own picture only when it is not the vendor's again (the demo's are the same file).
  const offerPhoto = vendorOffer.photoUrl && vendorOffer.photoUrl !== vendorPhoto ? vendorOffer.photoUrl : null;

  function openConfirm() {
    if (offer.isRedeemed) window.alert(t(TICKET_MESSAGES.alreadyRedeemed));
    // Used up by redemptions saved offline: the button already says they are pending.
    if (usedUp) return;
    setStep({ name: 'confirm' });
  }

  function confirmed() {
    const recent = lastUse();
    if (recent) setStep({ name: 'again', lastUse: recent });
    else void redeem();
  }

  async function redeem() {
    setBusy(true);
    setError('');
    try {
      const result = await useRedemptions.getState().redeem(session.guid, offer.id);
      setStep({ name: 'closed' });
      if (result.status === 'redeemed') {
        setOffer(result.offer);
        const left = result.offer.ticketQty - result.offer.redeemedCount - pending.length;
        onRedeemed({ ...proofOf(result.offer), redeemedAt: result.redeemedAt, usesLeft: left });
      } else {
        const left = offer.ticketQty - used - 1;
        const { key, queuedAt } = result.redemption;
        onRedeemed({ ...proofOf(offer), redeemedAt: new Date(queuedAt), usesLeft: left, pendingKey: key });
      }
    } catch (failure) {
      setStep({ name: 'closed' });
      if (isAlreadyRedeemed(failure)) {
        window.alert(t(TICKET_MESSAGES.alreadyRedeemed));
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
        <div className={styles.offerHead}>
          {vendorPhoto && <img className={styles.logo} src={vendorPhoto} alt="" />}
          <div>
            <h2 id="offer-name" className={styles.offerName}>
              {vendorOffer.name}
            </h2>
            <p className={styles.vendorName}>{vendorOffer.vendor.name}</p>
          </div>
        </div>
        <p className={styles.description}>{vendorOffer.description}</p>
        {offer.ticketQty > 1 && (
          <p data-testid="redemptions" className={styles.uses}>
            {t('tickets.redeem.used', { used, total: offer.ticketQty })}
          </p>
        )}
        {offer.isRedeemed && offer.lastRedeemedAt && (
          <p className={styles.uses}>{redeemedAtLine(new Date(offer.lastRedeemedAt), new Date())}</p>
        )}
      </article>
      {/* The server's message: an English one has its Spanish keyed by it (docs/i18n.md). */}
      {error && <p role="alert">{t(error)}</p>}
      <div className={styles.actions}>
        <Link className={styles.back} to={`/MyOffers/${session.guid}/`}>
          {t('tickets.redeem.back')}
        </Link>
        {canRedeem && (
          <Button className={styles.redeem} onClick={openConfirm} aria-disabled={usedUp}>
            {offer.isRedeemed
              ? t('tickets.offer.redeemed')
              : usedUp
                ? t('tickets.offer.pending')
                : t('tickets.redeem.button')}
          </Button>
        )}
      </div>
      <ol className={styles.steps}>
        <li>{t('tickets.redeem.stepShow')}</li>
        <li>{t('tickets.redeem.stepTap')}</li>
        <li>{t('tickets.redeem.stepConfirm')}</li>
      </ol>
      {offerPhoto && <img className={styles.offerPhoto} src={offerPhoto} alt="" />}
      <Modal
        open={step.name !== 'closed'}
        label={step.name === 'again' ? t('tickets.redeem.againTitle') : t(TICKET_MESSAGES.presentAtCheckout)}
        onClose={() => setStep({ name: 'closed' })}
      >
        {step.name === 'again' ? (
          <>
            <h2>{t('tickets.redeem.againTitle')}</h2>
            <p>{usedAgainQuestion(step.lastUse, new Date())}</p>
          </>
        ) : (
          <>
            <h2>{t(TICKET_MESSAGES.presentAtCheckout)}</h2>
            <p>
              {vendorOffer.vendor.name}: {vendorOffer.name}
            </p>
          </>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setStep({ name: 'closed' })}>
            {t('tickets.redeem.cancel')}
          </Button>
          {step.name === 'again' ? (
            <Button disabled={busy} onClick={() => void redeem()}>
              {t('tickets.redeem.again')}
            </Button>
          ) : (
            <Button disabled={busy} onClick={confirmed}>
              {t('tickets.redeem.confirm')}
            </Button>
          )}
        </div>
      </Modal>
    </>
  );
}

const proofOf = (offer: TicketOffer) => ({
  offerName: offer.vendorOffer.name,
  vendorName: offer.vendorOffer.vendor.name,
});

/** /MyOffers/{sessionGuid}/Redeem/{ticketOfferId}: one offer, redeemed at the register. */
export function RedeemOfferPage() {
  const { sessionGuid = '', ticketOfferId } = useParams();
  const t = useT();
  return (
    <main className="page">
      <PageHeading title={t('tickets.redeem.heading')}>{t('tickets.redeem.heading')}</PageHeading>
      <TicketFrame guid={sessionGuid}>
        {(session) => <OfferDetails session={session} offerId={Number(ticketOfferId)} />}
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

function OfferDetails({ session, offerId }: { session: TicketSession; offerId: number }) {
  const t = useT();
  const { pending, notice, syncedVersion } = usePendingRedemptions(session.guid);
  // Read afresh once saved redemptions reached the server.
  const state = useAsync(() => offerDetails(session.guid, offerId), [session.guid, offerId, syncedVersion]);
  // Kept here, above the offer that is read afresh, so the proof stays on screen when a saved
  // redemption is sent meanwhile (it then stops saying it waits).
  const [proof, setProof] = useState<Proof | null>(null);
  const saved = pending.filter((redemption) => redemption.offerId === offerId);
  return (
    <>
      {/* Outside the offer, so it stays on screen while the offer is read afresh. */}
      <RedemptionNotice notice={notice} pending={saved.length} />
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{t(errorMessage(state.error))}</p>}
      {state.status === 'success' && (
        <OfferRedemption
          key={syncedVersion}
          session={session}
          initial={state.data}
          pending={saved}
          onRedeemed={setProof}
        />
      )}
      {proof && (
        <RedemptionProof
          proof={proof}
          waitingToSync={Boolean(proof.pendingKey && saved.some((redemption) => redemption.key === proof.pendingKey))}
          teamLine={walletTicketLine(session.ticket)}
          onDone={() => setProof(null)}
        />
      )}
    </>
  );
}
