// Starting the server and the remote servers as child processes, and stopping them together.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portOf, remotes } from './apps.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = ['--import', 'tsx'];

function run(label, args, env) {
  const child = spawn(process.execPath, [...tsx, ...args], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.label = label;
  return child;
}

export function startRemote(remote, env = process.env) {
  return run(
    remote.name,
    ['server/src/serve-remote.ts', '--dir', path.join(remote.dir, 'dist'), '--port', String(portOf(remote, env))],
    env,
  );
}

export function startStack(env = process.env) {
  const children = remotes.map((remote) => startRemote(remote, env));
  children.push(run('payment sandbox', ['server/src/sandbox/main.ts'], env));
  children.push(run('api', ['server/src/main.ts'], env));
  return children;
}

export async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export function stopAll(children, signal = 'SIGTERM') {
  return Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill(signal);
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
}
