// Errors the page reports to POST /api/Logger/Log/ (spec §7, level 4), each with the remote it came
// from and that remote's release as the runtime config named it, so that a canary's error rate can
// be compared with the stable release's (browser_errors_total on the server) before promoting it.
import { call, type RemoteName, type RuntimeConfig } from '@fu/shared';
// Its type only: the contracts' schemas stay out of the shell's bundle.
import type { LogRequest } from '@fu/shared/contracts';
import { RELEASE_VERSION } from '@fu/shared/releases';
import { remoteForPath } from '@fu/shared/remotes';

/** Spec §7: the level of an error. */
export const ERROR_LEVEL = 4;
/** Reports one page load sends at most: a broken page must not flood the API (or its rate limit). */
export const MAX_REPORTS = 10;
/** The contract's longest message. */
const MAX_MESSAGE = 2000;
/** The stack frames a report keeps after the error's own line. */
const STACK_FRAMES = 5;

/** What went wrong, as the report's first words say. */
export type ErrorKind = 'render' | 'load' | 'uncaught' | 'rejection';

const LEADS: Record<ErrorKind, string> = {
  render: 'Remote failed to render',
  load: 'Remote failed to load',
  uncaught: 'Uncaught error',
  rejection: 'Unhandled rejection',
};

export interface ErrorReportOptions {
  /** The page's runtime config (startFederation's): the API's base URL, each remote's entry and release. */
  runtimeConfig: () => Promise<RuntimeConfig>;
  /** The path the page shows, for an error no remote's script can be named for. */
  pathname?: () => string;
  maxReports?: number;
}

/** Who an error is put down to: a remote named outright, or the script it was thrown from and the page's path. */
type Origin = { remote: RemoteName } | { scriptUrl: string | undefined; pathname: string };

/** The error's own words and its first stack frames: nothing else of the page goes in a report. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) {
    // A thrown or rejected non-Error: its text if it is a primitive, never an object's contents.
    const primitive = error === null || (typeof error !== 'object' && typeof error !== 'function');
    return primitive ? String(error) : `a non-Error ${typeof error}`;
  }
  // The frames only (V8's stack starts with the error's own lines, other engines' do not): "at f (url:1:2)", "f@url:1:2".
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s*at\s|@\S*:\d+:\d+$/.test(line));
  return [`${error.name}: ${error.message}`, ...frames.slice(0, STACK_FRAMES).map((line) => line.trim())].join('\n');
}

/** The first script URL in a stack ('https://cdn/checkout/123.js' from '    at f (https://cdn/checkout/123.js:1:2)'). */
export function firstScriptUrl(stack: string | undefined): string | undefined {
  return stack?.match(/\b(?:https?|file):\/\/[^\s()'"@]+?(?=(?::\d+){1,2}(?:\)|\s|$))/m)?.[0];
}

/** The directory each remote's entry is served from ('https://cdn/checkout/releases/1.0.0-abc/'). */
function remoteDirectories(runtime: RuntimeConfig): [RemoteName, string][] {
  const directories: [RemoteName, string][] = [];
  for (const [name, entry] of Object.entries(runtime.remotes) as [RemoteName, string][]) {
    try {
      directories.push([name, new URL('.', new URL(entry, document.baseURI)).href]);
    } catch {
      // An entry that is no URL names no script.
    }
  }
  // The deepest directory first: a remote served from inside another's folder is still itself.
  return directories.sort(([, a], [, b]) => b.length - a.length);
}

function attribute(origin: Origin, runtime: RuntimeConfig): RemoteName | 'shell' {
  if ('remote' in origin) return origin.remote;
  const { scriptUrl } = origin;
  const byScript = scriptUrl && remoteDirectories(runtime).find(([, directory]) => scriptUrl.startsWith(directory));
  if (byScript) return byScript[0];
  return remoteForPath(origin.pathname) ?? 'shell';
}

/** The body reported: the remote and its release as the runtime config named it (none for the shell). */
function logRequest(message: string, source: RemoteName | 'shell', runtime: RuntimeConfig): LogRequest {
  const body: LogRequest = { message: message.slice(0, MAX_MESSAGE), level: ERROR_LEVEL, remote: source };
  const version = source === 'shell' ? undefined : runtime.releases?.[source];
  // A version the API would refuse goes unsaid rather than losing the report.
  if (version !== undefined && RELEASE_VERSION.test(version)) body.version = version;
  return body;
}

export interface ErrorReporter {
  /** Reports `error` (at most once per distinct error, at most `maxReports` a page load); never throws. */
  report(kind: ErrorKind, origin: Origin, error: unknown): void;
  /** Settles once every report accepted so far has been sent or has failed (tests wait on it). */
  settled(): Promise<void>;
}

export function errorReporter(options: ErrorReportOptions): ErrorReporter {
  const max = options.maxReports ?? MAX_REPORTS;
  const seen = new Set<string>();
  let pending: Promise<void> = Promise.resolve();

  const send = async (kind: ErrorKind, origin: Origin, description: string) => {
    const runtime = await options.runtimeConfig();
    const body = logRequest(`${LEADS[kind]}: ${description}`, attribute(origin, runtime), runtime);
    await call('POST /api/Logger/Log/', { body });
  };

  return {
    report(kind, origin, error) {
      try {
        if (seen.size >= max) return;
        const description = describeError(error);
        // One report per error, whichever way it surfaced (a render error can reach window 'error' too).
        if (seen.has(description)) return;
        seen.add(description);
        // A report that fails is dropped, never reported: no loop, and no unhandled rejection.
        const sent = send(kind, origin, description).catch(() => undefined);
        pending = Promise.all([pending, sent]).then(() => undefined);
      } catch {
        // Reporting must never add an error of its own.
      }
    },
    settled: () => pending,
  };
}

let current: ErrorReporter | undefined;

/** Reports an error of `remote` (its render failed, or it failed to load); nothing before startErrorReports. */
export function reportRemoteError(remote: RemoteName, kind: 'render' | 'load', error: unknown): void {
  current?.report(kind, { remote }, error);
}

/**
 * Reports the page's errors from now on: what reportRemoteError is given, and every uncaught error
 * and unhandled rejection of `target`, put down to the remote whose folder its script is in, else
 * the remote of the page's route, else the shell. Returns the reporter, with `stop` (tests).
 */
export function startErrorReports(target: Window, options: ErrorReportOptions): ErrorReporter & { stop(): void } {
  const pathname = options.pathname ?? (() => target.location.pathname);
  const reporter = errorReporter(options);
  const onError = (event: ErrorEvent) => {
    const error: unknown = event.error ?? event.message;
    const scriptUrl = event.filename || (error instanceof Error ? firstScriptUrl(error.stack) : undefined);
    reporter.report('uncaught', { scriptUrl, pathname: pathname() }, error);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    const scriptUrl = reason instanceof Error ? firstScriptUrl(reason.stack) : undefined;
    reporter.report('rejection', { scriptUrl, pathname: pathname() }, reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  current = reporter;
  return {
    ...reporter,
    stop() {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
      if (current === reporter) current = undefined;
    },
  };
}
