import { Suspense, useContext, useState } from 'react';
import { isMalformedLink, NotFound, Spinner, useLocation } from '@fu/shared';
import { RemoteErrorBoundary } from '../federation/RemoteErrorBoundary';
import { RemoteAppsContext } from './remoteApps';
import { remoteForPath } from './routeTable';

export function RemoteOutlet() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  const remoteApps = useContext(RemoteAppsContext);
  const [attempt, setAttempt] = useState(0);
  if (!remoteApps) throw new Error('RemoteOutlet needs a RemoteAppsContext provider');
  // A page link whose parameter can name nothing gets the friendly page at once, not the remote's
  // page showing what the API's validation says about it.
  if (!remote || isMalformedLink(pathname)) return <NotFound />;
  const App = remoteApps(remote);
  return (
    <RemoteErrorBoundary
      key={`${remote}:${attempt}`}
      remote={remote}
      onRetry={() => {
        remoteApps(remote, true);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<Spinner />}>
        <App />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
