import { errorMessage, PageHeading, Spinner, useAsync, useParams, useT } from '@fu/shared';
import { BottomNav } from '../../../components/BottomNav';
import { useManifest } from '../../../hooks/useManifest';
import { ticketsApi } from '../../wallet';
import { OffersList } from './OffersList';

/** /TicketPreview/{fundraiserId}: the fundraiser's sample ticket, preview only (spec §4). */
export function TicketPreviewPage() {
  const fundraiserId = Number(useParams().fundraiserId);
  const state = useAsync(() => ticketsApi.fundraisersTicket(fundraiserId), [fundraiserId]);
  useManifest();
  const t = useT();
  return (
    <main className="page">
      <PageHeading title={t('tickets.preview.heading')}>{t('tickets.preview.heading')}</PageHeading>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{t(errorMessage(state.error))}</p>}
      {state.status === 'success' && (
        <>
          <p>
            {state.data.ticket.name} · {state.data.ticket.schoolName} {state.data.ticket.teamName}
          </p>
          <p role="note">{t('tickets.preview.note')}</p>
          <OffersList offers={state.data.offers} sessionGuid={null} />
          <BottomNav sessionGuid={state.data.ticket.guid} withHistory={false} />
        </>
      )}
    </main>
  );
}
