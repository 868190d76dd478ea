// Builds the browser apps in production mode. Without --force only the apps whose inputs changed
// since their last build are rebuilt (a hash of their sources, the shared package and the
// webpack/TypeScript config is stamped into dist/).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apps } from './apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const STAMP = '.build-stamp';

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist')
    .flatMap((entry) => filesUnder(path.join(dir, entry.name)))
    .sort();
}

export function inputHash(app) {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(path.join(root, app.folder, 'src')),
    path.join(root, app.folder, 'package.json'),
    path.join(root, app.folder, 'webpack.config.js'),
    ...filesUnder(path.join(root, 'shared', 'src')),
    path.join(root, 'shared', 'package.json'),
    path.join(root, 'webpack.common.js'),
    path.join(root, 'tsconfig.base.json'),
    path.join(root, 'package-lock.json'),
  ];
  for (const file of inputs) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

function isFresh(app) {
  const stamp = path.join(root, app.folder, 'dist', STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === inputHash(app);
}

export async function build({ force = false, only } = {}) {
  const wanted = apps.filter((app) => !only || only.includes(app.name));
  const stale = wanted.filter((app) => force || !isFresh(app));
  if (stale.length === 0) {
    console.log('Browser apps are up to date.');
    return;
  }
  console.log(`Building ${stale.map((app) => app.name).join(', ')} (production)…`);
  const webpack = require('webpack');
  const configs = stale.map((app) => {
    const factory = require(path.join(root, app.folder, 'webpack.config.js'));
    return factory({}, { mode: 'production' });
  });
  // One process, built one after another: fewer cores fighting on a small machine.
  for (const [index, config] of configs.entries()) {
    const app = stale[index];
    const started = Date.now();
    await new Promise((resolve, reject) => {
      webpack(config, (error, stats) => {
        if (error) return reject(error);
        if (stats.hasErrors()) {
          console.error(stats.toString({ all: false, errors: true, errorDetails: true }));
          return reject(new Error(`${app.name} failed to build`));
        }
        writeFileSync(path.join(root, app.folder, 'dist', STAMP), inputHash(app));
        console.log(`  ${app.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      });
    });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  build({ force }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
