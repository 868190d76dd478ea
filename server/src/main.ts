// The API server: `npm start` runs it (through scripts/start.mjs) beside the remote servers.
import { buildApp } from './app';
import { configWarnings, loadConfig, type Config } from './config';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A configuration mistake is the operator's to fix: its sentence, not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const app = await buildApp({ config });
for (const warning of configWarnings(config)) app.log.warn(warning);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing connections and the database`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`API and shell on http://localhost:${config.port} (database: ${app.database.kind})`);
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
