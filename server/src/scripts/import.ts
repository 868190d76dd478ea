// `npm run import -- FILE`: load an operator's JSON file (docs/import-format.md) into the database
// named by DATABASE_URL, or the embedded PGlite in DATA_DIR (refused with NODE_ENV=production).
// All or nothing; safe to re-run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../platform/db/client';
import { importData } from '../catalog/import/importData';
import { ImportError } from '../catalog/import/validate';
import { databaseDescription, databaseScriptConfig } from './databaseScriptConfig';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run import -- FILE.json');
  process.exit(2);
}

let data: unknown;
try {
  data = JSON.parse(readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8'));
} catch (error) {
  console.error(`Could not read ${file} as JSON: ${(error as Error).message}`);
  process.exit(2);
}

const config = databaseScriptConfig('Nothing was imported');
const database = await openDatabase(config).catch((error: Error) => {
  // SchemaBehindError (migrations off in production) or an unreachable database: its sentence.
  console.error(error.message);
  process.exit(1);
});
try {
  const summary = await importData(database.db, data);
  console.log(`Imported into ${databaseDescription(config)}:`, summary);
} catch (error) {
  console.error(error instanceof ImportError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
