// Writes .env.example and the variables table of docs/configuration.md from the configuration
// schema (server/src/platform/config/env/schema.ts): `node --import tsx server/src/scripts/configFiles.ts`.
// With --check it writes nothing and exits 1 when either file differs from what the schema gives.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../platform/config/config';
import { renderEnvExample, withConfigTable } from '../platform/config/env/document';

const check = process.argv.includes('--check');
const files: [file: string, generate: (current: string) => string][] = [
  ['.env.example', () => renderEnvExample()],
  ['docs/configuration.md', withConfigTable],
];

let stale = 0;
for (const [file, generate] of files) {
  const target = path.join(repoRoot, file);
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  const wanted = generate(current);
  if (current === wanted) continue;
  stale += 1;
  if (check) {
    console.error(`${file} differs from the configuration schema.`);
  } else {
    writeFileSync(target, wanted);
    console.log(`Wrote ${file}`);
  }
}
if (check && stale) process.exit(1);
