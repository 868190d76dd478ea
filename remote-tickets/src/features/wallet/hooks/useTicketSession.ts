import { startTransition, useEffect, useRef, useState } from 'react';
import {
  atLeast,
  firstCalls,
  type ServedState,
  type SessionStatus,
  type TicketSession,
  useNavigate,
  useServedState,
} from '@fu/shared';
import { ticketsApi } from '../api/ticketsApi';

export type TicketSessionState =
  | { status: 'loading' }
  // `served`: the session is the server's answer, so the page's other served answers (its offers) belong with it.
  | { status: 'ready'; session: TicketSession; served?: boolean }
  | { status: 'inactive' }
  | { status: 'error'; error: unknown };

/**
 * The state the server's answers put the page in, when they may be trusted: a ticket this browser
 * may show, or one that is revoked. A refusal is not: the page's own request carries the device
 * cookie only since it is also set on the wallet's path, so a holder whose cookie predates that
 * would be sent to reactivation; the page asks again with the ticket calls' cookie instead.
 */
function servedTicketState(
  served: ServedState<[SessionStatus, TicketSession]> | undefined,
): TicketSessionState | undefined {
  if (served?.status !== 'success') return undefined;
  const [status, session] = served.data;
  if (status.inactive) return { status: 'inactive' };
  return status.success ? { status: 'ready', session, served: true } : undefined;
}

/**
 * The ticket behind a wallet page, once CheckSessionStatus lets this browser show it: a ticket not
 * yet on this device goes to its activate or reactivate page; a revoked one shows as inactive.
 * `withServed`: the page starts from the answers the server read for it (MyOffers's first calls).
 */
export function useTicketSession(guid: string, withServed = false): TicketSessionState {
  const navigate = useNavigate();
  const served = servedTicketState(
    useServedState<[SessionStatus, TicketSession]>(
      ...(withServed ? [firstCalls.ticketSessionStatus(guid), firstCalls.ticketSession(guid)] : []),
    ),
  );
  const [state, setState] = useState<TicketSessionState>(served ?? { status: 'loading' });
  const skipFirstLoad = useRef(served !== undefined);
  useEffect(() => {
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
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
