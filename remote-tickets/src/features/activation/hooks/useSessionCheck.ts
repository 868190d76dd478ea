import { useEffect, useState } from 'react';
import { atLeast, useNavigate } from '@fu/shared';
import { ticketsApi } from '../../wallet';
import { sessionCheckRedirect } from '../sessionCheck';

/** Runs the spec §4 session check; 'form' once the page should show its form. */
export function useSessionCheck(guid: string): 'checking' | 'form' {
  const navigate = useNavigate();
  const [state, setState] = useState<'checking' | 'form'>('checking');
  useEffect(() => {
    let cancelled = false;
    atLeast(ticketsApi.checkSession(guid)).then(
      (check) => {
        if (cancelled) return;
        const redirect = sessionCheckRedirect(check);
        if (redirect) navigate(redirect, { replace: true });
        else setState('form');
      },
      // A failed check still lets the holder try; the step itself reports what is wrong.
      () => !cancelled && setState('form'),
    );
    return () => {
      cancelled = true;
    };
  }, [guid, navigate]);
  return state;
}
