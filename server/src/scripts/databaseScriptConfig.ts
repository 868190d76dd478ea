// The configuration of a script that only opens the database (`npm run migrate`, `npm run import`).
import { loadConfig, type Config } from '../platform/config/config';

/**
 * The configuration, held to the production rules a database script needs (PostgreSQL, no demo
 * data) but not the running server's (secrets, e-mail sender, public addresses). On a problem it
 * prints the sentences under `refusal` ("Nothing was migrated") and exits 1, before anything is
 * opened: in production without DATABASE_URL no PGlite file is made and migrated in its place.
 */
export function databaseScriptConfig(refusal: string): Config {
  try {
    return loadConfig(process.env, { requireProductionSecrets: false, refusal });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/** Which database a script used, for its last line: PostgreSQL, or the embedded PGlite and where. */
export function databaseDescription(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl
    ? 'PostgreSQL'
    : `the embedded PGlite database in ${config.dataDir} (DATABASE_URL is not set)`;
}
