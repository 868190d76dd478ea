import type { ReactNode } from 'react';
import { errorMessage, Spinner, teamColorVariables, useT, type TicketSession } from '@fu/shared';
import { useTicketSession, type TicketSessionState } from '../hooks/useTicketSession';
import { BottomNav } from '../../../components/BottomNav';
import { OfflineBanner } from '../../../components/OfflineBanner';
import { useManifest } from '../../../hooks/useManifest';

/**
 * A wallet page: guarded by the session check, in the team's colours, with the bottom navigation.
 * `served`: the page's first calls include the session check's (MyOffers), so it starts from the server's answers.
 */
export function TicketFrame({
  guid,
  served = false,
  children,
}: {
  guid: string;
  served?: boolean;
  children: (session: TicketSession, served: boolean) => ReactNode;
}) {
  const state = useTicketSession(guid, served);
  useManifest();
  return (
    <>
      <OfflineBanner />
      <TicketFrameBody state={state}>{children}</TicketFrameBody>
    </>
  );
}

function TicketFrameBody({
  state,
  children,
}: {
  state: TicketSessionState;
  children: (session: TicketSession, served: boolean) => ReactNode;
}) {
  const t = useT();
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'inactive') return <p role="alert">{t('tickets.frame.inactive')}</p>;
  if (state.status === 'error') return <p role="alert">{t(errorMessage(state.error))}</p>;
  const { session } = state;
  return (
    <div style={teamColorVariables(session.ticket.team)}>
      {children(session, state.served === true)}
      <BottomNav sessionGuid={session.guid} purchaseGuid={session.ticketPurchaseGuid} withHistory={session.isSession} />
    </div>
  );
}
