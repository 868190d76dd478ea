// The one stack launcher: the API (which serves the shell), the payment sandbox and each remote's
// file server as child processes on the given ports, waited for until each answers, and stopped
// together. `npm start` (scripts/start.mjs), the e2e suite (e2e/support/stack.ts) and the bench
// (bench/src/index.ts) start the stack through here; each keeps only its ports, env and log files.
//
// CommonJS on purpose: plain node runs it (npm start), tsx does (bench), and so does Playwright,
// which loads the e2e support files as CommonJS and cannot load an .mjs from them synchronously.
// Types: stack.d.cts.
const { spawn } = require('node:child_process');
const { createWriteStream, readFileSync, readlinkSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const remoteList = require('@fu/shared/remotes.json');

const root = path.resolve(__dirname, '..');

/** The remotes of shared/src/remotes.json, each with its name. */
const remotes = Object.entries(remoteList.remotes).map(([name, remote]) => ({ name, ...remote }));

/** Where `npm start` runs each server: the API (and shell), every remote, the payment sandbox. */
const defaultPorts = {
  api: 8080,
  ...Object.fromEntries(remotes.map((remote) => [remote.name, remote.port])),
  gateway: 8085,
};

/** The variable each server reads its port from. */
const portVariables = {
  api: 'PORT',
  ...Object.fromEntries(remotes.map((remote) => [remote.name, remote.portEnv])),
  gateway: 'GATEWAY_PORT',
};

const mapPorts = (ports, change) =>
  Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, change(port, name)]));

/** Every default port moved by one amount: `portsFrom(18080)` is a stack beside `npm start`'s. */
function portsFrom(base) {
  return mapPorts(defaultPorts, (port) => port + base - defaultPorts.api);
}

/** The ports the environment names (PORT, ORDERING_PORT…, GATEWAY_PORT), else the defaults. */
function portsFromEnv(env = process.env) {
  return mapPorts(defaultPorts, (port, name) => Number(env[portVariables[name]] || port));
}

/** The variables that put every server of the stack on its port (and tell the API where the others are). */
function portEnv(ports) {
  return Object.fromEntries(Object.entries(portVariables).map(([name, variable]) => [variable, String(ports[name])]));
}

const remoteEntryUrl = (port) => `http://localhost:${port}/${remoteList.entryFile}`;

/** Every server this process started and has not seen exit. */
const running = new Set();

/**
 * Starts `node --import tsx <args>` (plain `node <args>` with `tsx: false`) as the server called
 * `name`, from the repository root unless `cwd` says otherwise.
 * `output`: 'inherit' (both streams to ours), 'stderr' (stdout dropped), or `{ file, echo }`
 * (both streams into `file`; the lines `echo` accepts also reach our stderr, after `[name]`).
 * `pidFile`: records the pid under `name`, so another process can stop it (stopRecorded).
 */
function startServer(name, args, { env = process.env, output = 'inherit', pidFile, cwd = root, tsx = true } = {}) {
  const stdout = output === 'stderr' ? 'ignore' : output === 'inherit' ? 'inherit' : 'pipe';
  const stderr = output === 'inherit' || output === 'stderr' ? 'inherit' : 'pipe';
  const child = spawn(process.execPath, [...(tsx ? ['--import', 'tsx'] : []), ...args], {
    cwd,
    env,
    stdio: ['ignore', stdout, stderr],
  });
  const closed = new Promise((resolve) => child.once('close', () => resolve()));
  const exited = typeof output === 'object' ? logTo(name, child, output) : closed;
  if (pidFile && child.pid) recordPid(pidFile, name, child.pid);
  const server = { name, child, exited, stop: () => stopChild(child, exited) };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/** Copies a server's output into its log file; resolves once the server is gone and the file written. */
function logTo(name, child, { file, echo }) {
  const log = createWriteStream(file, { flags: 'a' });
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      log.write(chunk);
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line && echo(line)) process.stderr.write(`[${name}] ${line}\n`);
    });
  }
  child.once('close', () => log.end());
  return new Promise((resolve) => log.once('close', () => resolve()));
}

const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM, then SIGKILL if it is still there after 15 s; resolves once it is gone. */
async function stopChild(child, exited) {
  if (!hasExited(child)) {
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(force);
  }
  await exited;
}

function startApi({ port, env = process.env, ...options }) {
  return startServer('api', ['server/src/main.ts'], { ...options, env: { ...env, PORT: String(port) } });
}

function startSandbox({ port, env = process.env, ...options }) {
  return startServer('sandbox', ['server/src/payments/sandbox/main.ts'], {
    ...options,
    env: { ...env, GATEWAY_PORT: String(port) },
  });
}

/** A remote's production build (`<folder>/dist`), served from its own origin as a CDN would. */
function startRemote(name, { port, ...options }) {
  return startServer(name, ['server/src/serve-remote.ts', '--remote', name, '--port', String(port)], options);
}

/**
 * Starts the whole stack. `env` goes to every server, with `ports` set in it; `envFor(name)` adds a
 * server's own variables and `outputFor(name)` says where its output goes (see startServer).
 * With `pidFile`, the pids are recorded there (a new stack starts a new file: call stopLeftovers
 * first), so a process that did not start the stack can stop or restart one server, and stop()
 * stops those restarts too.
 */
function startStack({ ports, env = process.env, envFor = () => ({}), outputFor = () => 'inherit', pidFile }) {
  if (pidFile) rmSync(pidFile, { force: true });
  const stackEnv = { ...env, ...portEnv(ports) };
  const options = (name) => ({
    port: ports[name === 'sandbox' ? 'gateway' : name],
    env: { ...stackEnv, ...envFor(name) },
    output: outputFor(name),
    pidFile,
  });
  const servers = [
    ...remotes.map((remote) => startRemote(remote.name, options(remote.name))),
    startSandbox(options('sandbox')),
    startApi(options('api')),
  ];
  const server = (name) => servers.find((candidate) => candidate.name === name);

  return {
    ports,
    servers,
    server,
    /**
     * Resolves once every server answers; fails at once when one exits first, or when one stays
     * silent `timeoutMs` (an API on a fresh database took over a minute on a busy 2-core machine).
     */
    async ready({ timeoutMs = 180_000 } = {}) {
      await waitFor(`http://localhost:${ports.api}/api/health`, { server: server('api'), timeoutMs });
      for (const remote of remotes) {
        await waitFor(remoteEntryUrl(ports[remote.name]), { server: server(remote.name), timeoutMs });
      }
      // The sandbox has no health route: any answer means it listens.
      await waitFor(`http://localhost:${ports.gateway}/`, { state: 'listening', server: server('sandbox'), timeoutMs });
    },
    async stop() {
      if (pidFile) {
        const ours = new Set(servers.map((started) => started.child.pid));
        for (const [name, pid] of Object.entries(readPids(pidFile))) if (!ours.has(pid)) stopRecorded(pidFile, name);
      }
      await Promise.all(servers.map((started) => started.stop()));
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}

/** Stops every server this process started that is still running (on the way out, also after a failure). */
async function stopAll() {
  await Promise.all([...running].map((server) => server.stop()));
}

/**
 * Resolves once `url` is in the wanted state: 'ok' (answers 2xx), 'listening' (answers at all) or
 * 'down' (no 2xx answer). Fails after `timeoutMs`, or at once when `server` exits first.
 */
async function waitFor(url, { state = 'ok', server, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && hasExited(server.child)) {
      throw new Error(
        `${server.name} exited (${server.child.exitCode ?? server.child.signalCode}) before ${url} answered`,
      );
    }
    // The body is read to its end: a half-read answer keeps the connection busy, and a server
    // asked to stop then waits for it (the remote file servers did, until SIGKILL).
    const status = await fetch(url)
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => undefined);
    const ok = status !== undefined && status >= 200 && status < 300;
    if (state === 'ok' ? ok : state === 'listening' ? status !== undefined : !ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not ${state === 'down' ? 'go down' : 'answer'} within ${timeoutMs / 1000} s`);
}

function readPids(pidFile) {
  try {
    return JSON.parse(readFileSync(pidFile, 'utf8'));
  } catch {
    return {};
  }
}

function recordPid(pidFile, name, pid) {
  writeFileSync(pidFile, JSON.stringify({ ...readPids(pidFile), [name]: pid }));
}

/**
 * Stops the servers a killed run left running: those `pidFile` still names that run one of this
 * checkout's server scripts (checked in /proc, so a reused pid is left alone). Resolves once they
 * are gone, so their ports are free for a new stack.
 */
async function stopLeftovers(pidFile) {
  const left = Object.values(readPids(pidFile)).filter(isOurServer);
  for (const pid of left) signal(pid, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (left.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const pid of left.filter(isAlive)) signal(pid, 'SIGKILL');
}

function isOurServer(pid) {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return readlinkSync(`/proc/${pid}/cwd`) === root && command.includes('server/src/');
  } catch {
    return false;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** Sends SIGTERM to the server recorded under `name` in `pidFile`, whichever process started it. */
function stopRecorded(pidFile, name) {
  const pid = readPids(pidFile)[name];
  if (pid) signal(pid, 'SIGTERM');
}

module.exports = {
  root,
  remotes,
  defaultPorts,
  portsFrom,
  portsFromEnv,
  portEnv,
  remoteEntryUrl,
  startServer,
  startApi,
  startSandbox,
  startRemote,
  startStack,
  stopAll,
  waitFor,
  stopRecorded,
  stopLeftovers,
};
