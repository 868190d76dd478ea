// `npm run migrate`: applies the database migrations (server/src/scripts/migrate.ts), from the
// server build when there is one (production installs have no TypeScript loader), else through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'server', 'dist', 'migrate.js');
const args = existsSync(built)
  ? [built]
  : ['--import', 'tsx', path.join(root, 'server', 'src', 'scripts', 'migrate.ts')];
const { status } = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(status ?? 1);
