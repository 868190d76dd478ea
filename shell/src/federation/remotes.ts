import type { ComponentType } from 'react';
import { registerRemotes, loadRemote } from '@module-federation/runtime';
import {
  configureApi,
  currentPageLanguage,
  loadCatalogs,
  loadRuntimeConfig,
  type RemoteName,
  type RuntimeConfig,
} from '@fu/shared';
import { exposedModule } from '@fu/shared/remotes';
import { keepConfigForOffline } from '../offline/keepConfigForOffline';
import { reportRemoteError } from './errorReports';

let config: Promise<RuntimeConfig> | undefined;

/** Reads the runtime config once per page load (inline in the page, else fetched) and registers every remote it names. */
export function startFederation(): Promise<RuntimeConfig> {
  config ??= loadRuntimeConfig().then((runtime) => {
    configureApi({ baseURL: runtime.apiBaseUrl });
    registerRemotes(remoteEntries(runtime));
    void keepConfigForOffline(runtime);
    return runtime;
  });
  // A failed config fetch must be retryable too.
  config.catch(() => (config = undefined));
  return config;
}

function remoteEntries(runtime: RuntimeConfig) {
  return Object.entries(runtime.remotes).map(([name, entry]) => ({ name, entry }));
}

/** The message the spec gives for a chunk that could not be loaded (§9). */
export class RemoteLoadError extends Error {
  constructor(
    readonly chunk: string,
    override readonly cause: unknown,
  ) {
    super(`Loading chunk ${chunk} failed`);
    this.name = 'RemoteLoadError';
  }
}

function chunkName(remote: RemoteName, error: unknown): string {
  // webpack's ChunkLoadError says "Loading chunk 123 failed."; keep its chunk id when there is one.
  const match = error instanceof Error ? /Loading chunk (\S+) failed/.exec(error.message) : null;
  return match?.[1] ?? remote;
}

const RETRY_DELAYS_MS = [250, 1000];

/** Loads a remote's exposed module (its ./App), retrying transient failures before giving up. */
export async function loadRemoteApp(remote: RemoteName): Promise<ComponentType> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    try {
      const runtime = await startFederation();
      if (attempt > 0) {
        // Forget the failed entry so the runtime fetches it afresh.
        registerRemotes(
          remoteEntries(runtime).filter((entry) => entry.name === remote),
          { force: true },
        );
      }
      const module = await loadRemote<{ App?: ComponentType; default?: ComponentType }>(exposedModule(remote));
      const App = module?.App ?? module?.default;
      if (!App) throw new Error(`${exposedModule(remote)} exposes no component`);
      // Its module registered its catalogs: its first render has its messages in the page's language.
      await loadCatalogs(currentPageLanguage());
      return App;
    } catch (error) {
      lastError = error;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  console.error(`Remote ${remote} failed to load`, lastError);
  // Its last failure, a federation runtime refusal included, is put down to the remote's release.
  reportRemoteError(remote, 'load', lastError);
  throw new RemoteLoadError(chunkName(remote, lastError), lastError);
}
