// The render worker's other end (renderWorker.ts): a page asks it for its release's page and for
// its first screen, and never waits longer than its budget. A worker that stops answering (a
// release whose render never ends) is replaced, and one that dies is started again on the next
// page: a bad release costs its pages their first screen, never the API.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork, type ChildProcess } from 'node:child_process';
import type { ServedAnswers } from '@fu/shared/pages';
import type { Language } from '@fu/shared/i18n/languages';
import { repoRoot } from '../../platform/config/repoRoot';
import { besideEntry } from '../html/remoteManifests';
import type { ReleasePage, RenderedScreen, RenderReply, RenderRequest, RenderWorkerData } from './renderProtocol';

export type { ReleasePage, RenderedScreen };

/** Where an app's server build is, beside its browser build (webpack.common.js createServerConfig). */
export const SERVER_BUILD_PATH = 'server/first-screens.cjs';

/** A remote's server build: beside the entry the browser loads, in the same release folder. */
export function serverBuildUrl(entryUrl: string): string | undefined {
  return besideEntry(SERVER_BUILD_PATH, entryUrl);
}

export interface FirstScreensOptions {
  /** The shell's build folder (its server build is in its `server/`). */
  shellDist: string;
  /** How long a page waits for the worker's answer before it goes without (each of its two asks). */
  budgetMs: number;
  /** How long a release's server build is used before it is read again. */
  freshMs?: number;
  /** Something went wrong that an operator should hear of (once per kind, not per page). */
  onProblem?: (message: string) => void;
}

/** The worker's file: the built one beside the server's, or the source (Node strips its types). */
function workerFile(): string {
  const built = path.join(repoRoot, 'server', 'dist', 'render-worker.js');
  if (import.meta.url.includes('/server/dist/') && existsSync(built)) return built;
  return fileURLToPath(new URL('./renderWorker.ts', import.meta.url));
}

/**
 * Node's permission model for the worker: it reads its own folder (the built server's, with its
 * chunks), the package.json that says it is a module, and the shell's server build; it writes
 * nothing and starts no process, thread or addon. The heap is capped as a worker thread's was.
 */
export function workerArguments(worker: string, shellBuild: string): string[] {
  const readable = [path.dirname(worker), path.join(repoRoot, 'server', 'package.json'), path.dirname(shellBuild)];
  return ['--permission', ...readable.map((file) => `--allow-fs-read=${file}`), '--max-old-space-size=256'];
}

/** A request before it is numbered. */
type Ask = RenderRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve: (reply: RenderReply | undefined) => void;
  sentAt: number;
}

export function firstScreens(options: FirstScreensOptions) {
  const { budgetMs, onProblem = () => {} } = options;
  const shellBuild = path.join(options.shellDist, SERVER_BUILD_PATH);
  // A worker that has not answered a request for this long is stuck, not slow.
  const hangMs = Math.max(2_000, budgetMs * 20);
  let worker: ChildProcess | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let lastProblem = '';

  const problem = (message: string) => {
    if (message !== lastProblem) onProblem(message);
    lastProblem = message;
  };

  function settleAll() {
    for (const [id, wait] of pending) {
      pending.delete(id);
      wait.resolve(undefined);
    }
  }

  function stop(why: string) {
    if (!worker) return;
    problem(why);
    const stopping = worker;
    worker = undefined;
    settleAll();
    stopping.kill('SIGKILL');
  }

  function started(): ChildProcess | undefined {
    if (worker) return worker;
    if (!existsSync(shellBuild)) return undefined;
    const workerData: RenderWorkerData = { shellBuild, freshMs: options.freshMs ?? 30_000, fetchTimeoutMs: 5_000 };
    const file = workerFile();
    let lastError = '';
    const child = fork(file, [JSON.stringify(workerData)], {
      execArgv: workerArguments(file, shellBuild),
      // No secrets in a release's reach: the worker's environment is empty.
      env: {},
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      lastError = (lastError + chunk).slice(-2_000);
    });
    child.on('message', (reply: RenderReply) => {
      const wait = pending.get(reply.id);
      pending.delete(reply.id);
      wait?.resolve(reply);
    });
    child.on('error', (error) => {
      if (worker === child) stop(`The render worker failed: ${error.message}`);
    });
    child.on('exit', () => {
      const said = lastError
        .trim()
        .split('\n')
        .findLast((line) => /\w/.test(line));
      if (worker === child) stop(`The render worker stopped${said ? `: ${said}` : ''}`);
    });
    // Neither the process nor its channel keeps the API running.
    child.unref();
    child.channel?.unref();
    worker = child;
    return worker;
  }

  function ask(request: Ask): Promise<RenderReply | undefined> {
    const running = started();
    if (!running) return Promise.resolve(undefined);
    const now = Date.now();
    for (const wait of pending.values()) {
      if (now - wait.sentAt > hangMs) {
        stop(`The render worker did not answer for ${hangMs} ms and was replaced`);
        return ask(request);
      }
    }
    const id = nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), budgetMs);
      timer.unref();
      pending.set(id, {
        sentAt: now,
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
      });
      running.send({ ...request, id } as RenderRequest);
    });
  }

  function failed(reply: RenderReply | undefined): reply is Extract<RenderReply, { ok: false }> {
    return reply?.ok === false;
  }

  return {
    /** Starts the worker (it loads the shell's server build) before the first page needs it. */
    warm(): void {
      started();
    },
    /**
     * The page of the release at `build` (a remote's server build URL) that `pathname` opens; undefined
     * when unknown in time. `pin`: the SHA-256 its release was promoted with, if any (and for render).
     */
    async pageOf(build: string, pathname: string, pin?: string): Promise<ReleasePage | null | undefined> {
      const reply = await ask({ op: 'page', build, pathname, pin });
      if (failed(reply)) problem(`No pages from ${build}: ${reply.error}`);
      return reply?.ok ? reply.page : undefined;
    },
    /** The first screen, rendered from the release at `build` (none for a shell page); undefined when it could not be. */
    async render(
      build: string | undefined,
      location: string,
      answers: ServedAnswers,
      language: Language,
      pin?: string,
    ): Promise<RenderedScreen | undefined> {
      const reply = await ask({ op: 'render', build, location, answers, language, pin });
      if (failed(reply)) problem(`No first screen for ${location}: ${reply.error}`);
      return reply?.ok ? reply.screen : undefined;
    },
    async close(): Promise<void> {
      const running = worker;
      worker = undefined;
      settleAll();
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}

export type FirstScreens = ReturnType<typeof firstScreens>;
