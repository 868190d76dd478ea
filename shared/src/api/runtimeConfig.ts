import type { RemoteName } from '../remotes';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../pages';

export type { RemoteName };

export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: Record<RemoteName, string>;
  /**
   * The release of each remote this page was given (the registry's live one, or a canary's for a
   * browser in its share); 'unreleased' for a remote's configured build. Errors are reported with it.
   */
  releases?: Partial<Record<RemoteName, string>>;
  /** The external admin app the /Admin routes redirect to. */
  adminBaseUrl?: string;
}

/** Fetched on every page load, never cached, so a remote's URL can change without a rebuild. */
export async function fetchRuntimeConfig(url = '/runtime-config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Runtime config answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

/**
 * The runtime config the server wrote into the page (a JSON data block, not a script), or, on a
 * page without it (the offline wallet's cached page, another host's copy of the shell), the one
 * fetched from /runtime-config.json.
 */
export function loadRuntimeConfig(doc: Document = document): Promise<RuntimeConfig> {
  const inline = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (inline) {
    try {
      return Promise.resolve(JSON.parse(inline) as RuntimeConfig);
    } catch {
      // A damaged block: the fetched config is as good.
    }
  }
  return fetchRuntimeConfig();
}
