// The render worker: a child process that renders pages' first screens from the releases' own
// server builds, off the API's event loop (firstScreens.ts starts it, caps each answer's time and
// replaces a worker that hangs or dies). It loads the shell's server build once, which provides React,
// the router and @fu/shared, and each remote's from where its release is served, the way the browser
// gets them. A release's build is code from the release pipeline, the same the browser runs; here it
// runs under Node's permission model with an empty environment: it may read only this file's folder
// and the shell's server build, write nothing, start no process or thread (docs/security.md). A
// promoted release's build runs only if its bytes have the SHA-256 the registry pinned it with.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import type { PageCall, ServedAnswers } from '@fu/shared/pages';
import type { Language } from '@fu/shared/i18n/languages';
import type { ReleasePage, RenderReply, RenderRequest, RenderWorkerData } from './renderProtocol';

/** A React component, as the worker passes it from a remote's build to the shell's (it never renders one itself). */
type ComponentType = (props: Record<string, never>) => unknown;

interface PageLike {
  path: string;
  serverReads?: boolean;
  serverRenders?: boolean;
  holdersOnly?: boolean;
}

/** An app's compiled messages per language (@fu/shared's Catalogs; this worker loads no browser code). */
type Catalogs = Readonly<Record<Language, Readonly<Record<string, unknown>>>>;

interface RemoteBuild {
  pages: readonly PageLike[];
  App: ComponentType;
  css?: () => string;
  /** Its messages in every language (a build from before issue 35 has none: its pages' own text). */
  catalogs?: Catalogs;
}

interface ShellBuild {
  provides: Readonly<Record<string, unknown>>;
  css(): string;
  matchPage(
    pages: readonly PageLike[],
    pathname: string,
  ): { page: PageLike; params: Readonly<Record<string, string | undefined>>; calls: PageCall[] } | undefined;
  renderFirstScreen(input: {
    location: string;
    remoteApp: ComponentType | undefined;
    answers: ServedAnswers;
    language: Language;
    remoteCatalogs: Catalogs | undefined;
  }): Promise<string>;
}

const data = JSON.parse(process.argv[2] ?? '{}') as RenderWorkerData;
const shell = createRequire(import.meta.url)(data.shellBuild) as ShellBuild;
const shared = shell.provides['@fu/shared'] as { pageCallUrl(call: PageCall): string };

/** A remote's build, evaluated as CommonJS with the shell's modules as its only `require`. */
function evaluate(code: string, url: string): RemoteBuild {
  const run = vm.compileFunction(code, ['require', 'module', 'exports'], { filename: url });
  const module = { exports: {} as Partial<RemoteBuild> };
  const require = (name: string) => {
    if (name in shell.provides) return shell.provides[name];
    throw new Error(`${url} requires ${name}, which the shell does not provide`);
  };
  run(require, module, module.exports);
  const build = module.exports;
  if (!Array.isArray(build.pages) || typeof build.App !== 'function') throw new Error(`${url} has no pages and App`);
  return build as RemoteBuild;
}

interface Loaded {
  build: Promise<RemoteBuild>;
  code?: string;
  readAt: number;
  failed?: boolean;
}

/** How long a failed read of a build is the answer before the build is read again. */
const FAILED_READ_MS = 3_000;

const builds = new Map<string, Loaded>();
/** Releases are kept by version: a handful of builds at most (live and canary per remote). */
const MAX_BUILDS = 16;

/** What a release promoted without a server build is pinned to (releases/services/releaseGate.ts). */
const NO_SERVER_BUILD = 'none';

/** Reads the build at `url` and, when it is pinned, refuses bytes of any other SHA-256 before running them. */
async function read(
  url: string,
  pin: string | undefined,
  previous: Loaded | undefined,
): Promise<{ build: RemoteBuild; code: string }> {
  if (pin === NO_SERVER_BUILD) throw new Error(`${url}: its release was promoted without a server build`);
  const response = await fetch(url, { signal: AbortSignal.timeout(data.fetchTimeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (pin !== undefined) {
    const digest = createHash('sha256').update(bytes).digest('hex');
    if (digest !== pin) {
      throw new Error(
        `${url} is not the server build its release was promoted with (SHA-256 ${digest}, pinned ${pin})`,
      );
    }
  }
  const code = bytes.toString('utf8');
  if (previous?.code === code) return { build: await previous.build, code };
  return { build: evaluate(code, url), code };
}

/**
 * The remote build at `url` (with the SHA-256 its release was promoted with, if pinned), read again
 * once it is older than freshMs (kept while the new read runs). Kept per pin: a release promoted
 * again with another build is read and checked afresh.
 */
function buildAt(url: string, pin: string | undefined): Promise<RemoteBuild> {
  const key = pin ? `${url}#${pin}` : url;
  const known = builds.get(key);
  // A failed read is kept for a short while: a remote that is down costs a read every few seconds,
  // not one per page, and one that blinked is read again soon.
  const keepMs = known?.failed ? Math.min(FAILED_READ_MS, data.freshMs) : data.freshMs;
  if (known && Date.now() - known.readAt < keepMs) return known.build;
  const loaded: Loaded = { build: Promise.resolve(undefined as never), readAt: Date.now() };
  const reading = read(url, pin, known).then((result) => {
    loaded.code = result.code;
    return result.build;
  });
  loaded.build = reading;
  reading.catch(() => {
    loaded.failed = true;
  });
  builds.delete(key);
  builds.set(key, loaded);
  if (builds.size > MAX_BUILDS) builds.delete(builds.keys().next().value!);
  return reading;
}

async function pageOf(url: string, pathname: string, pin: string | undefined): Promise<ReleasePage | null> {
  const build = await buildAt(url, pin);
  const match = shell.matchPage(build.pages, pathname);
  if (!match) return null;
  return {
    path: match.page.path,
    params: match.params,
    calls: match.calls.map((call) => shared.pageCallUrl(call)),
    serverReads: match.page.serverReads !== false,
    serverRenders: match.page.serverRenders !== false,
    holdersOnly: match.page.holdersOnly === true,
  };
}

/** An error's message and its cause's ('fetch failed: connect ECONNREFUSED …'). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

async function answer(request: RenderRequest): Promise<RenderReply> {
  try {
    if (request.op === 'page') {
      return { id: request.id, ok: true, page: await pageOf(request.build, request.pathname, request.pin) };
    }
    const remote = request.build ? await buildAt(request.build, request.pin) : undefined;
    const html = await shell.renderFirstScreen({
      location: request.location,
      remoteApp: remote?.App,
      answers: request.answers,
      language: request.language,
      remoteCatalogs: remote?.catalogs,
    });
    // After the render: a page's lazy parts have registered their rules by then.
    const css = [shell.css(), remote?.css?.() ?? ''].join('\n');
    return { id: request.id, ok: true, screen: { html, css } };
  } catch (error) {
    return { id: request.id, ok: false, error: describe(error) };
  }
}

process.on('message', (request: RenderRequest) => {
  void answer(request).then((reply) => process.send?.(reply));
});
// The API went away: so does its worker.
process.on('disconnect', () => process.exit(0));
