// `npm run migrate` and `npm run import -- FILE`: run a server script (server/src/scripts/NAME.ts)
// from the server build when there is one (production installs have no TypeScript loader), else
// through tsx, after reading .env (scripts/dotenv.cjs). Usage: node scripts/server-script.mjs NAME [ARGS…]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDotEnv } from './dotenv.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
if (!['migrate', 'import'].includes(name)) {
  console.error('Usage: node scripts/server-script.mjs migrate|import [ARGS…]');
  process.exit(2);
}
loadDotEnv();
const built = path.join(root, 'server', 'dist', `${name}.js`);
const script = existsSync(built)
  ? [built]
  : ['--import', 'tsx', path.join(root, 'server', 'src', 'scripts', `${name}.ts`)];
const { status } = spawnSync(process.execPath, [...script, ...args], { stdio: 'inherit' });
process.exit(status ?? 1);
