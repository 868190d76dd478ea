// `npm run migrate`: applies this version's pending migrations to the database named by
// DATABASE_URL (or the embedded PGlite in DATA_DIR) and exits: the deploy step before the new
// version starts. Runs under the migration lock, so several at once (or beside starting servers) are safe.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

// Only the database settings matter here, so production secrets are not asked for.
const config = loadConfig(process.env, { requireProductionSecrets: false });
try {
  const database = await openDatabase({ ...config, migrateOnStart: true });
  await database.close();
  const applied = database.migrationsApplied ?? 0;
  console.log(
    applied
      ? `Applied ${applied} migration${applied === 1 ? '' : 's'} to ${database.kind}: the schema is current.`
      : `The ${database.kind} schema was already current.`,
  );
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
