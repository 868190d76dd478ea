// The one-app peer's stand-in for '@module-federation/runtime' (bench/peer/webpack.config.cjs
// aliases the package here). The shell's own loader (shell/src/federation/remotes.ts) runs unchanged:
// it still reads the runtime config, configures the API and retries; only the federation is gone.
// Each remote's App is an ordinary lazy chunk of this one build, so no remote origin is ever asked
// for anything, whatever the runtime config names.
import type { ComponentType } from 'react';
import { exposedModule, remotes, type RemoteName } from '@fu/shared/remotes';

type AppModule = { App: ComponentType; default: ComponentType };

/** Every remote of shared/src/remotes.json: a remote added there and not here fails the typecheck. */
const apps: Record<RemoteName, () => Promise<AppModule>> = {
  ordering: () => import('../../remote-ordering/src/App'),
  checkout: () => import('../../remote-checkout/src/App'),
  tickets: () => import('../../remote-tickets/src/App'),
  fundraiser: () => import('../../remote-fundraiser/src/App'),
};

/** Nothing to register: the remotes' code is part of this build. */
export function registerRemotes(_remotes: unknown, _options?: { force?: boolean }): void {}

/** `loadRemote('ordering/App')`: that remote's App chunk, from this app's own origin. */
export async function loadRemote<T>(id: string): Promise<T | null> {
  const remote = remotes.find((candidate) => exposedModule(candidate.name) === id);
  if (!remote) throw new Error(`The one-app peer has no module ${id}`);
  return (await apps[remote.name]()) as T;
}
