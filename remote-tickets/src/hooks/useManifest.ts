import { useEffect } from 'react';
import { useLocation } from '@fu/shared';

/** Links the wallet's web app manifest (GetManifest) so the ticket can be added to the home screen. */
export function useManifest() {
  const { pathname } = useLocation();
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    const params = new URLSearchParams({ start_url: pathname, rand: String(Date.now()) });
    link.href = `/api/Tickets/GetManifest?${params.toString()}`;
    document.head.appendChild(link);
    return () => link.remove();
  }, [pathname]);
}
