import type { RemoteName } from '../remotes';

export type { RemoteName };

export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: Record<RemoteName, string>;
  /** The external admin app the /Admin routes redirect to. */
  adminBaseUrl?: string;
}

/** Fetched on every page load, never cached, so a remote's URL can change without a rebuild. */
export async function fetchRuntimeConfig(url = '/runtime-config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Runtime config answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}
