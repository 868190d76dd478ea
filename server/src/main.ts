// The API server: `npm start` runs it (through scripts/start.mjs) beside the remote servers.
import { buildApp } from './app';
import { configWarnings, loadConfig, type Config } from './platform/config/config';
import { SchemaBehindError } from './platform/db/migrate';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A configuration mistake is the operator's to fix: its sentence, not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({ config });
} catch (error) {
  // Migrations off (production) and the database behind this version: the sentence says what to run.
  if (!(error instanceof SchemaBehindError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (app.database.migrationsApplied) app.log.info(`Applied ${app.database.migrationsApplied} database migrations`);
for (const warning of configWarnings(config)) app.log.warn(warning);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const seconds = config.shutdownTimeoutSeconds;
  app.log.info(`${signal}: no new connections; finishing requests and jobs (at most ${seconds} s)`);
  const force = setTimeout(() => {
    app.log.error(`Still busy after ${seconds} s: exiting anyway`);
    process.exit(1);
  }, seconds * 1000);
  force.unref();
  try {
    // Closes the listener, runs the preClose hooks (a running job finishes there), waits for the
    // requests in flight, then the onClose hooks (the database).
    await app.close();
  } catch (error) {
    app.log.error(error);
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/**
 * Connections the kernel holds for the server while it is busy (Node's default is 511). In a rush the
 * default queue overflowed and arrivals were reset (ECONNRESET, kernel ListenOverflows); a longer one
 * lets them wait their turn. Linux caps it at net.core.somaxconn (4096 by default since 5.4).
 */
const LISTEN_BACKLOG = 4096;

try {
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  app.log.info(`API and shell on http://localhost:${config.port} (database: ${app.database.kind})`);
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
