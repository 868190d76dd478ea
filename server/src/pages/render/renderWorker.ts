// The render worker: a child process that renders pages' first screens from the releases' own
// server builds, off the API's event loop (firstScreens.ts starts it, caps each answer's time and
// replaces a worker that hangs or dies). It loads the shell's server build once, which provides React,
// the router and @fu/shared, and each remote's from where its release is served, the way the browser
// gets them. A release's build is code from the release pipeline, the same the browser runs; here it
// runs under Node's permission model with an empty environment: it may read only this file's folder
// and the shell's server build, write nothing, start no process or thread (docs/security.md).
import { createRequire } from 'node:module';
import vm from 'node:vm';
import type { PageCall, ServedAnswers } from '@fu/shared/pages';
import type { ReleasePage, RenderReply, RenderRequest, RenderWorkerData } from './renderProtocol';

/** A React component, as the worker passes it from a remote's build to the shell's (it never renders one itself). */
type ComponentType = (props: Record<string, never>) => unknown;

interface PageLike {
  path: string;
  serverReads?: boolean;
  serverRenders?: boolean;
  holdersOnly?: boolean;
}

interface RemoteBuild {
  pages: readonly PageLike[];
  App: ComponentType;
  css?: () => string;
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

async function read(url: string, previous: Loaded | undefined): Promise<{ build: RemoteBuild; code: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(data.fetchTimeoutMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const code = await response.text();
  if (previous?.code === code) return { build: await previous.build, code };
  return { build: evaluate(code, url), code };
}

/** The remote build at `url`, read again once it is older than freshMs (kept while the new read runs). */
function buildAt(url: string): Promise<RemoteBuild> {
  const known = builds.get(url);
  // A failed read is kept for a short while: a remote that is down costs a read every few seconds,
  // not one per page, and one that blinked is read again soon.
  const keepMs = known?.failed ? Math.min(FAILED_READ_MS, data.freshMs) : data.freshMs;
  if (known && Date.now() - known.readAt < keepMs) return known.build;
  const loaded: Loaded = { build: Promise.resolve(undefined as never), readAt: Date.now() };
  const reading = read(url, known).then((result) => {
    loaded.code = result.code;
    return result.build;
  });
  loaded.build = reading;
  reading.catch(() => {
    loaded.failed = true;
  });
  builds.delete(url);
  builds.set(url, loaded);
  if (builds.size > MAX_BUILDS) builds.delete(builds.keys().next().value!);
  return reading;
}

async function pageOf(url: string, pathname: string): Promise<ReleasePage | null> {
  const build = await buildAt(url);
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
    if (request.op === 'page') return { id: request.id, ok: true, page: await pageOf(request.build, request.pathname) };
    const remote = request.build ? await buildAt(request.build) : undefined;
    const html = await shell.renderFirstScreen({
      location: request.location,
      remoteApp: remote?.App,
      answers: request.answers,
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
