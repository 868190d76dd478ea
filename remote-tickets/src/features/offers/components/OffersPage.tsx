import {
  errorMessage,
  firstCalls,
  PageHeading,
  Spinner,
  type TicketOffer,
  useAsync,
  useParams,
  useServedAnswer,
  useT,
  walletTicketLine,
} from '@fu/shared';
import { TicketFrame, ticketsApi } from '../../wallet';
import { usePendingRedemptions } from '../offline';
import { OffersList } from './OffersList';
import { RedemptionNotice } from './RedemptionNotice';

/** `served`: the session came from the server's answers, and so may the offers (read with the same cookies). */
function SessionOffers({ guid, sample, served }: { guid: string; sample: boolean; served: boolean }) {
  const t = useT();
  const { pending, notice, syncedVersion } = usePendingRedemptions(guid);
  // Read afresh once saved redemptions reached the server. Behind a spinner, never the old list:
  // with the sent redemptions no longer pending, it would offer them again.
  const state = useAsync(
    () => ticketsApi.offers(guid),
    [guid, syncedVersion],
    useServedAnswer<TicketOffer[]>(served ? firstCalls.ticketOffers(guid) : undefined),
  );
  return (
    <>
      <RedemptionNotice notice={notice} pending={pending.length} />
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{t(errorMessage(state.error))}</p>}
      {state.status === 'success' && (
        <OffersList offers={state.data} sessionGuid={sample ? null : guid} pending={pending} />
      )}
    </>
  );
}

/** /MyOffers/{ticketPurchaseSessionGuid}: the wallet's offers; a ticket's own guid shows the sample. */
export function OffersPage() {
  const guid = useParams().sessionGuid ?? '';
  const t = useT();
  return (
    <main className="page">
      <PageHeading title={t('tickets.offers.heading')}>{t('tickets.offers.heading')}</PageHeading>
      <TicketFrame guid={guid} served>
        {(session, served) => (
          <>
            <p>{walletTicketLine(session.ticket)}</p>
            {session.isTicket && <p role="note">{t('tickets.offers.sampleNote')}</p>}
            {!session.isTicket && <p>{t('tickets.offers.howTo')}</p>}
            <SessionOffers guid={session.guid} sample={session.isTicket} served={served} />
          </>
        )}
      </TicketFrame>
    </main>
  );
}
