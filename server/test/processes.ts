import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from '../src/platform/config/config';

/** A server the test started as a process of its own (`node --import tsx <script>`), with its output. */
export interface Proc {
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
  /** Set once the process has exited: its signal, or `code <n>`. */
  exit?: string;
}

/** Starts `script` (from the repository root) with `env` added to the test's environment. */
export function startProcess(script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...String(chunk).split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const proc: Proc = { child, lines, exited: Promise.resolve(null) };
  proc.exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      proc.exit = signal ?? `code ${code}`;
      resolve(code);
    }),
  );
  return proc;
}

/** Kills the process with SIGKILL (nothing runs after it: no close hook, no flush) and waits for it to go. */
export async function killHard(proc: Proc | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGKILL');
  await proc.exited;
}

/** A TCP port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Polls `check` until it answers something other than undefined, and answers that. Fails when `ms`
 * pass first, or at once when `proc` exits meanwhile, with the process's output.
 */
export async function waitFor<T>(
  what: string,
  proc: Proc | undefined,
  check: () => Promise<T | undefined>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let exitCode: number | null | undefined;
  void proc?.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (exitCode !== undefined)
      throw new Error(`${what}: the process exited (${exitCode}):\n${proc!.lines.join('\n')}`);
    await sleep(100);
  }
  throw new Error(`${what}: not within ${ms / 1000} s\n${proc?.lines.slice(-20).join('\n') ?? ''}`);
}
