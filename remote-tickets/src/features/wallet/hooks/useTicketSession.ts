import { startTransition, useEffect, useState } from 'react';
import { atLeast, type TicketSession, useNavigate } from '@fu/shared';
import { ticketsApi } from '../api/ticketsApi';

export type TicketSessionState =
  | { status: 'loading' }
  | { status: 'ready'; session: TicketSession }
  | { status: 'inactive' }
  | { status: 'error'; error: unknown };

/**
 * The ticket behind a wallet page, once CheckSessionStatus lets this browser show it: a ticket not
 * yet on this device goes to its activate or reactivate page; a revoked one shows as inactive.
 */
export function useTicketSession(guid: string): TicketSessionState {
  const navigate = useNavigate();
  const [state, setState] = useState<TicketSessionState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    // The wallet page renders as a transition, in slices, as useAsync's pages do.
    const settle = (next: TicketSessionState) => startTransition(() => setState(next));
    atLeast(
      ticketsApi.sessionStatus(guid).then(async (status) => {
        if (status.inactive) return { status: 'inactive' } as const;
        if (!status.success && status.redirect) return { status: 'redirect', to: status.redirect } as const;
        return { status: 'ready', session: await ticketsApi.session(guid) } as const;
      }),
    ).then(
      (result) => {
        if (cancelled) return;
        if (result.status === 'redirect') navigate(result.to, { replace: true });
        else settle(result);
      },
      (error: unknown) => !cancelled && settle({ status: 'error', error }),
    );
    return () => {
      cancelled = true;
    };
  }, [guid, navigate]);
  return state;
}
