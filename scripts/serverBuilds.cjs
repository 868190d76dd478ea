// The apps' server builds (webpack.common.js createServerConfig) written to a folder of one's
// choosing, for tests that render first screens from them without touching (or waiting for) the
// apps' dist folders. Built once per set of sources: a folder named by their hash is reused.
const { createHash } = require('node:crypto');
const { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const APPS = ['shell', 'remote-ordering', 'remote-checkout', 'remote-tickets', 'remote-fundraiser'];

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist')
    .flatMap((entry) => filesUnder(path.join(dir, entry.name)))
    .sort();
}

function sourcesHash() {
  const hash = createHash('sha256');
  const files = [
    ...APPS.flatMap((app) => [...filesUnder(path.join(root, app, 'src')), path.join(root, app, 'webpack.config.js')]),
    ...filesUnder(path.join(root, 'shared', 'src')),
    path.join(root, 'webpack.common.js'),
    path.join(root, 'package-lock.json'),
  ];
  for (const file of files) hash.update(path.relative(root, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The folder holding `<app folder>/first-screens.cjs` for the shell and each remote, built now
 * unless this set of sources was built before.
 * @returns {Promise<string>}
 */
async function serverBuilds() {
  const folder = path.join(tmpdir(), `fu-server-builds-${sourcesHash()}`);
  if (existsSync(folder)) return folder;
  const building = mkdtempSync(`${folder}-building-`);
  const webpack = require('webpack');
  const configs = APPS.map((app) => {
    const config = require(path.join(root, app, 'webpack.config.js')).server({}, { mode: 'production' });
    return { ...config, output: { ...config.output, path: path.join(building, app) } };
  });
  await new Promise((resolve, reject) =>
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    }),
  );
  // Another test file may have finished the same build first: then its folder is used.
  try {
    renameSync(building, folder);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return folder;
}

module.exports = { serverBuilds, SERVER_BUILD_APPS: APPS };
