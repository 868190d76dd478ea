// Records the baseline release the skew tests run against (e2e/tests/releases.spec.ts,
// docs/releasing.md "Skew"): the shell and every remote as released at one commit, built from a
// clean checkout of it with its own locked dependencies, kept in e2e/baseline. Run it after
// releasing, so the baseline is what is live:
//
//   npm run release:baseline [-- --commit <commit>]      (default: HEAD)
//
// Only the files a browser fetches are kept (no pre-compressed copies, maps or build stamps): the
// servers compress on the fly.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const remoteList = require('@fu/shared/remotes.json');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'e2e', 'baseline');

const { values } = parseArgs({ options: { commit: { type: 'string', default: 'HEAD' } } });
const run = (command, args, cwd, env = process.env) =>
  execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
const commit = run('git', ['rev-parse', '--verify', `${values.commit}^{commit}`], root);

const work = mkdtempSync(path.join(tmpdir(), 'fu-baseline-'));
const checkout = path.join(work, 'checkout');
const releases = path.join(work, 'releases');
const skipped = /\.(br|gz|map)$|^\.build-stamp/;

/** Copies a build folder, only what a browser fetches. */
function copyBuild(from, to) {
  cpSync(from, to, { recursive: true, filter: (source) => !skipped.test(path.basename(source)) });
}

try {
  console.log(`Checking out ${commit.slice(0, 7)} and installing its locked dependencies…`);
  run('git', ['worktree', 'add', '--detach', checkout, commit], root);
  run('npm', ['ci', '--no-audit', '--no-fund'], checkout);
  console.log('Building the shell and the remotes…');
  run(process.execPath, ['scripts/build.mjs', '--force'], checkout);
  if (!existsSync(path.join(checkout, 'scripts', 'release.mjs'))) {
    throw new Error(`${commit.slice(0, 7)} predates releases (no scripts/release.mjs): pick a later commit.`);
  }
  const versions = {};
  for (const name of Object.keys(remoteList.remotes)) {
    run(process.execPath, ['scripts/release.mjs', '--remote', name, '--no-build'], checkout, {
      ...process.env,
      RELEASES_DIR: releases,
    });
    [versions[name]] = readdirSync(path.join(releases, name));
  }

  rmSync(target, { recursive: true, force: true });
  copyBuild(path.join(checkout, 'shell', 'dist'), path.join(target, 'shell'));
  copyBuild(releases, path.join(target, 'releases'));
  const baseline = { commit, remotes: versions, recordedAt: new Date().toISOString() };
  writeFileSync(path.join(target, 'baseline.json'), `${JSON.stringify(baseline, null, 2)}\n`);
  const size = (dir) =>
    readdirSync(dir, { recursive: true })
      .map((file) => statSync(path.join(dir, file)))
      .filter((stat) => stat.isFile())
      .reduce((sum, stat) => sum + stat.size, 0);
  console.log(
    `Recorded the baseline of ${commit.slice(0, 7)} in e2e/baseline (${Math.round(size(target) / 1024)} KB).`,
  );
} finally {
  if (existsSync(checkout)) run('git', ['worktree', 'remove', '--force', checkout], root);
  rmSync(work, { recursive: true, force: true });
}
