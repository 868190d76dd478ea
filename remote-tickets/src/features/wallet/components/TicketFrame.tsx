import type { ReactNode } from 'react';
import { errorMessage, Spinner, teamColorVariables, type TicketSession } from '@fu/shared';
import { useTicketSession, type TicketSessionState } from '../hooks/useTicketSession';
import { BottomNav } from '../../../components/BottomNav';
import { OfflineBanner } from '../../../components/OfflineBanner';
import { useManifest } from '../../../hooks/useManifest';

export const INACTIVE_TICKET = 'This ticket is no longer active.';

/** A wallet page: guarded by the session check, in the team's colours, with the bottom navigation. */
export function TicketFrame({ guid, children }: { guid: string; children: (session: TicketSession) => ReactNode }) {
  const state = useTicketSession(guid);
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
  children: (session: TicketSession) => ReactNode;
}) {
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'inactive') return <p role="alert">{INACTIVE_TICKET}</p>;
  if (state.status === 'error') return <p role="alert">{errorMessage(state.error)}</p>;
  const { session } = state;
  return (
    <div style={teamColorVariables(session.ticket.team)}>
      {children(session)}
      <BottomNav sessionGuid={session.guid} purchaseGuid={session.ticketPurchaseGuid} withHistory={session.isSession} />
    </div>
  );
}
