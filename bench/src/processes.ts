// The servers a benchmark runs against, each its own Node process started with tsx, as `npm start`
// runs them, and stopped (and waited for) by the benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Server {
  child: ChildProcess;
  stop(): Promise<void>;
}

const running = new Set<Server>();

/** Starts `node --import tsx <args>` from the repository root; its stderr shows in ours. */
export function startServer(args: string[], env: NodeJS.ProcessEnv = process.env): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: Server = {
    child,
    async stop() {
      running.delete(server);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
  running.add(server);
  return server;
}

/** Stops every server still running (on the way out, also after a failure). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

/** Resolves once `url` answers 2xx; fails after `timeoutMs`, or at once if `server` exits first. */
export async function waitFor(url: string, server?: Server, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.child.exitCode !== null) throw new Error(`the server for ${url} exited`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never answered`);
}
