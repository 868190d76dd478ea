import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { atLeast, type RemoteName } from '@fu/shared';
import { loadRemoteApp } from './remotes';

const lazyApps = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

/**
 * One lazy component per remote, made on first visit; a retry replaces it with a fresh attempt. A
 * page the server rendered keeps its served markup while the remote loads (React hydrates it then),
 * so the spinner's minimum time would only delay the page: it applies to a page rendered here.
 */
export function lazyRemoteApp(remote: RemoteName, fresh = false, hydrating = false): ComponentType {
  let app = lazyApps.get(remote);
  if (!app || fresh) {
    app = lazy(async () => ({
      default: await (hydrating && !fresh ? loadRemoteApp(remote) : atLeast(loadRemoteApp(remote))),
    }));
    lazyApps.set(remote, app);
  }
  return app;
}
