import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fu/shared/endpoints';
import { UNRELEASED } from '@fu/shared/releases';
import { remotes, type RemoteName } from '@fu/shared/remotes';
import {
  BROWSER_ERROR_NO_VERSION,
  BROWSER_ERROR_OTHER_VERSION,
  recordBrowserError,
  type BrowserErrorSource,
} from '../../platform/http/metrics';
import { clientText, storedBrowserReport } from '../services/browserLogs';
import { endpointRoute } from '../../platform/routes/endpointRoute';

/** The releases the server knows of each remote (the release registry): the metric's versions. */
export interface ReleaseVersions {
  isKnown(remote: RemoteName, version: string): Promise<boolean>;
}

export interface LoggerRouteOptions {
  perMinute: number;
  /** Without it only 'unreleased' (a remote's configured build) is a known version. */
  releaseVersions?: ReleaseVersions;
}

const remoteNames: ReadonlySet<string> = new Set(remotes.map((remote) => remote.name));

/**
 * The labels of `browser_errors_total` for what the page sent: only names and versions the server
 * knows, so a visitor cannot grow the number of series (the comment atop metrics.ts).
 */
async function errorLabels(
  remote: string | undefined,
  version: string | undefined,
  releaseVersions: ReleaseVersions | undefined,
  log: FastifyBaseLogger,
): Promise<{ remote: BrowserErrorSource; version: string }> {
  const source: BrowserErrorSource =
    remote === 'shell' ? 'shell' : remote !== undefined && remoteNames.has(remote) ? (remote as RemoteName) : 'unknown';
  if (version === undefined) return { remote: source, version: BROWSER_ERROR_NO_VERSION };
  if (version === UNRELEASED) return { remote: source, version };
  if (source === 'shell' || source === 'unknown' || !releaseVersions) {
    return { remote: source, version: BROWSER_ERROR_OTHER_VERSION };
  }
  try {
    const known = await releaseVersions.isKnown(source, version);
    return { remote: source, version: known ? version : BROWSER_ERROR_OTHER_VERSION };
  } catch (error) {
    // The browser's error still counts; only its version goes unchecked.
    log.warn({ err: error }, 'could not check a reported release version');
    return { remote: source, version: BROWSER_ERROR_OTHER_VERSION };
  }
}

/**
 * Spec §7 POST /api/Logger/Log/: errors the browser reports (level 4 for errors), kept and logged
 * with the remote and release they came from, and counted by both (browser_errors_total). The text is
 * anyone's: it is logged only in `clientMessage` of a 'browser log' line (warn at most), and stored
 * marked as a browser report, one printable line (browserLogs/services/browserLogs.ts).
 */
const loggerRoutes: FastifyPluginAsyncTypebox<LoggerRouteOptions> = async (app, options) => {
  const browserLogs = app.repositories.logs;
  app.route({
    ...endpointRoute(endpoints.logger.log, {
      tags: ['Logger'],
      config: { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } },
    }),
    bodyLimit: 8 * 1024,
    handler: async (request) => {
      const { level, message, remote, version } = request.body;
      const isError = level >= 4;
      request.log[isError ? 'warn' : 'info']({ clientMessage: clientText(message), remote, version }, 'browser log');
      if (isError) {
        const labels = await errorLabels(remote, version, options.releaseVersions, request.log);
        recordBrowserError(labels.remote, labels.version);
      }
      await browserLogs.add(level, storedBrowserReport(message, remote, version));
      return { logged: true };
    },
  });
};

export default loggerRoutes;
