import { createContext, type ComponentType } from 'react';
import type { RemoteName } from '@fu/shared';

/**
 * How the shell gets a remote's App: in the browser, through the federation runtime
 * (federation/lazyRemoteApp.ts, a lazy component, `fresh` for a Retry); on the server, the
 * release's server build, already loaded (server/firstScreen.tsx). Both render it in the same place,
 * so the browser hydrates what the server rendered.
 */
export type RemoteApps = (remote: RemoteName, fresh?: boolean) => ComponentType;

export const RemoteAppsContext = createContext<RemoteApps | undefined>(undefined);
