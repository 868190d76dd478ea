// `npm run migrate`: applies this version's pending migrations to the database named by
// DATABASE_URL (or the embedded PGlite in DATA_DIR) and exits: the deploy step before the new
// version starts. Runs under the migration lock, so several at once (or beside starting servers) are safe.
// With NODE_ENV=production and no DATABASE_URL it refuses before opening anything.
import { openDatabase } from '../platform/db/client';
import { databaseDescription, databaseScriptConfig } from './databaseScriptConfig';

const config = databaseScriptConfig('Nothing was migrated');
const where = databaseDescription(config);
try {
  const database = await openDatabase({ ...config, migrateOnStart: true });
  await database.close();
  const applied = database.migrationsApplied ?? 0;
  console.log(
    database.kind === 'pglite'
      ? // PGlite's migrator does not say how many it applied.
        `Migrated ${where}: the schema is current.`
      : applied
        ? `Applied ${applied} migration${applied === 1 ? '' : 's'} to ${where}: the schema is current.`
        : `The ${where} schema was already current.`,
  );
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
