import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { atLeast, isMalformedLink, NotFound, Spinner, type RemoteName, useLocation } from '@fu/shared';
import { loadRemoteApp } from '../federation/remotes';
import { RemoteErrorBoundary } from '../federation/RemoteErrorBoundary';
import { remoteForPath } from './routeTable';

const lazyApps = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

/** One lazy component per remote, made on first visit; a retry replaces it with a fresh attempt. */
function lazyApp(remote: RemoteName, fresh = false): LazyExoticComponent<ComponentType> {
  let app = lazyApps.get(remote);
  if (!app || fresh) {
    app = lazy(async () => ({ default: await atLeast(loadRemoteApp(remote)) }));
    lazyApps.set(remote, app);
  }
  return app;
}

export function RemoteOutlet() {
  const { pathname } = useLocation();
  const remote = remoteForPath(pathname);
  const [attempt, setAttempt] = useState(0);
  // A page link whose parameter can name nothing gets the friendly page at once, not the remote's
  // page showing what the API's validation says about it.
  if (!remote || isMalformedLink(pathname)) return <NotFound />;
  const App = lazyApp(remote);
  return (
    <RemoteErrorBoundary
      key={`${remote}:${attempt}`}
      remote={remote}
      onRetry={() => {
        lazyApp(remote, true);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<Spinner />}>
        <App />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
