// The e2e stack: the API (serving the shell), the payment sandbox and each remote on its own port,
// on a fresh database, started by the one launcher (scripts/stack.cjs). What is the e2e's own stays
// here: its ports, its environment, its log files and the pid file the specs stop a remote with.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RemoteName } from '@fu/shared/remotes';
import {
  portsFrom,
  remoteEntryUrl,
  root,
  startRemote as startRemoteServer,
  startStack as startWholeStack,
  stopLeftovers,
  stopRecorded,
  waitFor,
  type Output,
  type Server,
  type ServerName,
  type Stack,
} from '../../scripts/stack.cjs';

export { root, type RemoteName };
/** E2E_PORT_BASE moves the whole stack, so two checkouts can run their e2e suites side by side. */
export const ports = portsFrom(Number(process.env.E2E_PORT_BASE || 18080));
export const baseURL = `http://localhost:${ports.api}`;
/** The external admin app the /Admin routes redirect to: any origin will do for the redirect tests. */
export const adminBaseUrl = `http://127.0.0.1:${ports.api}/external-admin`;
export const ADMIN_TOKEN = 'e2e-admin-token';
/** The payment sandbox's secret key: the API charges with it, and specs read the sandbox's charges with it. */
export const SANDBOX_SECRET_KEY = 'e2e-sandbox-secret-key';
/** Where the remotes' servers find the run's releases (support/releases.ts fills it). */
export const releasesDir = path.join(root, 'e2e', '.releases');
/** Where the pids go, so a spec can stop and restart a remote the global setup started. */
const pidFile = path.join(root, 'e2e', '.stack-pids.json');

export function stackEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
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
    RATE_LIMIT_PARENT_CONSENT: '10000',
    RATE_LIMIT_TICKET_ACTIVATION: '10000',
    RATE_LIMIT_RECEIPT_LOOKUP: '10000',
    RATE_LIMIT_STUDENT_MATCH: '10000',
    RATE_LIMIT_STUDENT_MATCH_PER_TEAM: '10000',
    // A page waits for its server-rendered first screen as long as a loaded CI machine may need (the
    // first page of each remote reads its build): the specs assert what the render serves.
    FIRST_SCREEN_BUDGET_MS: '5000',
    ADMIN_API_TOKEN: ADMIN_TOKEN,
    SANDBOX_SECRET_KEY,
    ADMIN_BASE_URL: adminBaseUrl,
    // The remotes' servers serve the run's releases (support/releases.ts).
    RELEASES_DIR: releasesDir,
  };
}

/** Where the run keeps its database and the logs that the card-data scan reads at the end. */
let runDirPath: string | undefined;
export const runDir = () => (runDirPath ??= mkdtempSync(path.join(tmpdir(), 'fu-e2e-')));
export const logFile = (name: string) => path.join(runDir(), `${name}.log`);
export const apiDataDir = () => path.join(runDir(), 'data');

const loggedServers: ServerName[] = ['api', 'sandbox'];

/**
 * The API and the sandbox log every request (info) into their log files; only warnings and errors
 * (pino level 40 and up) and anything that is not a log line reach the console.
 */
function outputFor(name: ServerName): Output {
  return loggedServers.includes(name) ? { file: logFile(name), echo: (line) => !quietLogLine(line) } : 'inherit';
}

function envFor(name: ServerName): NodeJS.ProcessEnv {
  if (!loggedServers.includes(name)) return {};
  const logged = { LOG_LEVEL: 'info' };
  return name === 'api' ? { ...logged, DATA_DIR: apiDataDir(), UPLOAD_DIR: path.join(runDir(), 'uploads') } : logged;
}

function quietLogLine(line: string): boolean {
  try {
    const level = (JSON.parse(line) as { level?: number }).level;
    return typeof level === 'number' && level < 40;
  } catch {
    return false;
  }
}

/** Starts every server of the stack (global setup), after stopping any a killed run left behind. */
export async function startStack(): Promise<Stack> {
  await stopLeftovers(pidFile);
  return startWholeStack({ ports, env: stackEnv(), envFor, outputFor, pidFile });
}

/** Starts a remote again, after a spec stopped it; the stack's stop() stops it too. */
export function startRemote(name: RemoteName): Server {
  return startRemoteServer(name, { port: ports[name], env: stackEnv(), pidFile });
}

/** Stops one server of the stack, from whichever process (the specs run in a worker). */
export function stopProcess(name: ServerName) {
  stopRecorded(pidFile, name);
}

export async function waitUntil(url: string, up: boolean, timeoutMs = 60_000) {
  await waitFor(url, { state: up ? 'ok' : 'down', timeoutMs });
}

export const remoteEntry = (name: RemoteName) => remoteEntryUrl(ports[name]);
