// The e2e stack: the API (serving the shell) and each remote on its own port, on a fresh database.
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

export const root = path.resolve(__dirname, '..', '..');
/** E2E_PORT_BASE moves the whole stack, so two checkouts can run their e2e suites side by side. */
const base = Number(process.env.E2E_PORT_BASE || 18080);
export const ports = {
  api: base,
  ordering: base + 1,
  checkout: base + 2,
  tickets: base + 3,
  fundraiser: base + 4,
  gateway: base + 5,
} as const;
export type RemoteName = Exclude<keyof typeof ports, 'api' | 'gateway'>;
export const baseURL = `http://localhost:${ports.api}`;
/** The external admin app the /Admin routes redirect to: any origin will do for the redirect tests. */
export const adminBaseUrl = `http://127.0.0.1:${ports.api}/external-admin`;
export const ADMIN_TOKEN = 'e2e-admin-token';
/** The payment sandbox's secret key: the API charges with it, and specs read the sandbox's charges with it. */
export const SANDBOX_SECRET_KEY = 'e2e-sandbox-secret-key';
const stateFile = path.join(root, 'e2e', '.stack-pids.json');

const remoteDirs: Record<RemoteName, string> = {
  ordering: 'remote-ordering',
  checkout: 'remote-checkout',
  tickets: 'remote-tickets',
  fundraiser: 'remote-fundraiser',
};

export function stackEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(ports.api),
    ORDERING_PORT: String(ports.ordering),
    CHECKOUT_PORT: String(ports.checkout),
    TICKETS_PORT: String(ports.tickets),
    FUNDRAISER_PORT: String(ports.fundraiser),
    GATEWAY_PORT: String(ports.gateway),
    // e2e always runs on a fresh embedded database, whatever DATABASE_URL the shell has.
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // Every test runs from one address; the per-client limits have their own server tests.
    RATE_LIMIT_TOKENIZE: '10000',
    RATE_LIMIT_PROCESS: '10000',
    RATE_LIMIT_SMS: '10000',
    RATE_LIMIT_LOG: '10000',
    // One test texts a phone many times (ticket links, confirmation links, lookups) and makes many
    // pages for its phone; the per-phone daily budgets and their per-client limits have server tests.
    SMS_PER_PHONE_PER_DAY: '10000',
    NEW_PAGES_PER_PHONE_PER_DAY: '10000',
    RATE_LIMIT_NEW_PAGE: '10000',
    PHONE_LOOKUPS_PER_PHONE_PER_DAY: '10000',
    RATE_LIMIT_PHONE_LOOKUP: '10000',
    RATE_LIMIT_PHONE_CONFIRM: '10000',
    RATE_LIMIT_TICKET_ACTIVATION: '10000',
    RATE_LIMIT_RECEIPT_LOOKUP: '10000',
    ADMIN_API_TOKEN: ADMIN_TOKEN,
    SANDBOX_SECRET_KEY,
    ADMIN_BASE_URL: adminBaseUrl,
  };
}

/** Where the run keeps its database and the logs that the card-data scan reads at the end. */
let runDirPath: string | undefined;
export const runDir = () => (runDirPath ??= mkdtempSync(path.join(tmpdir(), 'fu-e2e-')));
export const logFile = (name: string) => path.join(runDir(), `${name}.log`);

function spawnTsx(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * Runs a server that logs every request (info) into its log file; only warnings and errors (pino
 * level 40 and up) and anything that is not a log line reach the console.
 */
function spawnLogged(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const file = createWriteStream(logFile(name), { flags: 'a' });
  for (const stream of [child.stdout!, child.stderr!]) {
    let pending = '';
    stream.on('data', (chunk: Buffer) => {
      file.write(chunk);
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line && !quietLogLine(line)) process.stderr.write(`[${name}] ${line}\n`);
    });
  }
  child.on('exit', () => file.end());
  return child;
}

function quietLogLine(line: string): boolean {
  try {
    const level = (JSON.parse(line) as { level?: number }).level;
    return typeof level === 'number' && level < 40;
  } catch {
    return false;
  }
}

export function startRemote(name: RemoteName): ChildProcess {
  const child = spawnTsx(
    ['server/src/serve-remote.ts', '--dir', path.join(remoteDirs[name], 'dist'), '--port', String(ports[name])],
    stackEnv(),
  );
  recordPid(name, child.pid);
  return child;
}

export function startSandbox(): ChildProcess {
  const child = spawnLogged('sandbox', ['server/src/sandbox/main.ts'], stackEnv());
  recordPid('gateway', child.pid);
  return child;
}

export const apiDataDir = () => path.join(runDir(), 'data');

export function startApi(): ChildProcess {
  const child = spawnLogged('api', ['server/src/main.ts'], {
    ...stackEnv(),
    DATA_DIR: apiDataDir(),
    UPLOAD_DIR: path.join(runDir(), 'uploads'),
  });
  recordPid('api', child.pid);
  return child;
}

function readPids(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

function recordPid(name: string, pid: number | undefined) {
  if (pid) writeFileSync(stateFile, JSON.stringify({ ...readPids(), [name]: pid }));
}

export function stopProcess(name: string) {
  const pid = readPids()[name];
  if (!pid) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

export function stopAll() {
  for (const name of Object.keys(readPids())) stopProcess(name);
}

export async function waitUntil(url: string, up: boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (answered === up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not ${up ? 'come up' : 'go down'} within ${timeoutMs / 1000} s`);
}

export const remoteEntry = (name: RemoteName) => `http://localhost:${ports[name]}/remoteEntry.js`;
