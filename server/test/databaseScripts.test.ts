// `npm run migrate` and `npm run import` open only the database. With NODE_ENV=production and no
// DATABASE_URL they refuse, saying which variable and that nothing was done, instead of migrating or
// filling an embedded PGlite file nobody will run on; outside production they say which PGlite
// they used, so a forgotten DATABASE_URL shows in the output.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repoRoot } from '../src/platform/config/config';

let work: string;
before(() => {
  work = mkdtempSync(path.join(tmpdir(), 'fu-db-scripts-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

/** Runs server/src/scripts/<name>.ts as npm runs it without a build, with `env` over ours. */
const script = (name: 'migrate' | 'import', args: string[], env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'scripts', `${name}.ts`), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });

const DATABASE_URL_MISSING =
  '  - DATABASE_URL is not set: production runs on PostgreSQL (the embedded PGlite is for the demo).';

describe('the database scripts and DATABASE_URL', () => {
  it('npm run migrate refuses, naming DATABASE_URL, and creates no PGlite database', () => {
    const dataDir = path.join(work, 'migrate-pglite');
    const run = script('migrate', [], { NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dataDir });
    assert.equal(run.signal, null);
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(run.stderr.trimEnd().split('\n'), [
      'Nothing was migrated; fix these environment variables (docs/configuration.md):',
      DATABASE_URL_MISSING,
    ]);
    assert.equal(run.stdout, '');
    assert.equal(existsSync(dataDir), false, 'no embedded database was made');
  });

  it('npm run import refuses the same way, and creates no PGlite database', () => {
    const dataDir = path.join(work, 'import-pglite');
    const file = path.join(work, 'data.json');
    writeFileSync(file, '{}');
    const run = script('import', [file], { NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dataDir });
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(run.stderr.trimEnd().split('\n'), [
      'Nothing was imported; fix these environment variables (docs/configuration.md):',
      DATABASE_URL_MISSING,
    ]);
    assert.equal(existsSync(dataDir), false, 'no embedded database was made');
  });

  it('outside production, npm run migrate says it migrated the embedded PGlite, and where', () => {
    const dataDir = path.join(work, 'development-pglite');
    const run = script('migrate', [], { NODE_ENV: '', DATABASE_URL: '', DATA_DIR: dataDir });
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      new RegExp(
        `^Migrated the embedded PGlite database in ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(DATABASE_URL is not set\\): the schema is current\\.\\n$`,
      ),
    );
    assert.ok(existsSync(dataDir));
  });
});
