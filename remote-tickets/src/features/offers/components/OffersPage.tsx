import { errorMessage, PageHeading, Spinner, useAsync, useParams } from '@fu/shared';
import { TicketFrame, ticketsApi } from '../../wallet';
import { OffersList } from './OffersList';

function SessionOffers({ guid, sample }: { guid: string; sample: boolean }) {
  const state = useAsync(() => ticketsApi.offers(guid), [guid]);
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') return <p role="alert">{errorMessage(state.error)}</p>;
  return <OffersList offers={state.data} sessionGuid={sample ? null : guid} />;
}

/** /MyOffers/{ticketPurchaseSessionGuid}: the wallet's offers; a ticket's own guid shows the sample. */
export function OffersPage() {
  const guid = useParams().sessionGuid ?? '';
  return (
    <main className="page">
      <PageHeading title="Offers">Offers</PageHeading>
      <TicketFrame guid={guid}>
        {(session) => (
          <>
            <p>
              {session.ticket.name} · {session.ticket.schoolName} {session.ticket.teamName}
            </p>
            {session.isTicket && <p role="note">Preview: these offers can be redeemed with a purchased ticket.</p>}
            {!session.isTicket && <p>Show an offer at the register and tap Redeem when the cashier is ready.</p>}
            <SessionOffers guid={session.guid} sample={session.isTicket} />
          </>
        )}
      </TicketFrame>
    </main>
  );
}
