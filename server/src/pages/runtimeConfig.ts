import type { RemoteName } from '@fu/shared/remotes';
import type { Config } from '../platform/config/config';

/**
 * What the shell reads on every page load: where the API is, and where each remote is for this
 * browser (the registry's live release or its canary, releases/services/releases.ts) with its version.
 * Served at /runtime-config.json (routes/runtimeConfig) and written into the page (pages/plugins/shellPage.ts).
 */
export function runtimeConfig(
  config: Pick<Config, 'adminBaseUrl'>,
  served: { remotes: Record<RemoteName, string>; releases: Record<RemoteName, string> },
) {
  return { apiBaseUrl: '', remotes: served.remotes, releases: served.releases, adminBaseUrl: config.adminBaseUrl };
}
