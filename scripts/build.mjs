// Builds the browser apps in production mode, with Brotli and gzip copies of their text files
// (precompress.cjs), and the API server to plain JavaScript in server/dist
// (what production runs: `node server/dist/main.js`, no TypeScript loader). Without --force only
// what changed since its last build is rebuilt (a hash of its sources, the shared package and the
// build config is stamped into dist/).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apps } from './apps.mjs';
import { bundledModuleNames, duplicateModules } from './bundleDuplicates.cjs';
import { precompress, summary } from './precompress.cjs';
import { runtimeBundledInRemote } from './remoteRuntime.cjs';

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
    // Every app builds with the shell's federation runtime contract: the shell provides it, remotes use it.
    ...filesUnder(path.join(root, 'shell', 'src', 'federation')),
    path.join(root, 'webpack.common.js'),
    path.join(root, 'scripts', 'precompress.cjs'),
    // The catalogs' compiler (webpack.common.js CATALOG_RULE).
    path.join(root, 'scripts', 'catalogLoader.cjs'),
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

const server = { name: 'server', folder: 'server' };
const GUARDED = 'guarded-entry:';
const serverEntries = {
  main: 'server/src/main.ts',
  migrate: 'server/src/scripts/migrate.ts',
  import: 'server/src/scripts/import.ts',
  // A remote's build served from its own origin with a CDN's headers, for hosts without a CDN.
  'serve-remote': 'server/src/serve-remote.ts',
  // The payment sandbox, for a staging site that takes test cards (production only by its opt-in).
  sandbox: 'server/src/payments/sandbox/main.ts',
  // Renders pages' first screens from the releases' server builds, off the API's event loop.
  'render-worker': 'server/src/pages/render/renderWorker.ts',
};

function serverInputHash() {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(path.join(root, 'server', 'src')),
    path.join(root, 'server', 'package.json'),
    ...filesUnder(path.join(root, 'shared', 'src')),
    path.join(root, 'shared', 'package.json'),
    path.join(root, 'package-lock.json'),
    fileURLToPath(import.meta.url),
  ];
  for (const file of inputs) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * server/src → server/dist/{main,migrate,import,serve-remote,sandbox}.js: ESM for Node 22+, @fu/shared (TypeScript
 * source) bundled in, every npm package left to node_modules. Each of those must be a declared
 * runtime dependency of the server or of shared, or `npm ci --omit=dev` would not install it:
 * the build fails naming any that is not. Each entry file checks the Node.js version first and only
 * then loads its code (from server/dist/chunks), so an unsupported Node gets a sentence, not a crash
 * in the first dependency that needs a newer one.
 */
export async function buildServer({ force = false } = {}) {
  const stamp = path.join(root, 'server', 'dist', STAMP);
  const hash = serverInputHash();
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    console.log('Server build is up to date.');
    return;
  }
  const started = Date.now();
  const { build: esbuild } = await import('esbuild');
  rmSync(path.join(root, 'server', 'dist', 'chunks'), { recursive: true, force: true });
  const external = new Set();
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(serverEntries).map(([name, file]) => [name, `${GUARDED}${file}`])),
    outdir: path.join(root, 'server', 'dist'),
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    logLevel: 'warning',
    // A CommonJS file of @fu/shared's (the catalog compiler) requires an npm package, left external:
    // ESM has no `require`, so each output file makes one, which esbuild's require shim then uses.
    banner: {
      js: "import { createRequire as createRequireOf } from 'node:module';\nconst require = createRequireOf(import.meta.url);",
    },
    plugins: [
      {
        name: 'node-version-first',
        setup(plugin) {
          plugin.onResolve({ filter: new RegExp(`^${GUARDED}`) }, (args) => ({
            path: args.path.slice(GUARDED.length),
            namespace: 'guarded-entry',
          }));
          plugin.onLoad({ filter: /.*/, namespace: 'guarded-entry' }, (args) => ({
            contents:
              `import { exitUnlessSupportedNode } from './server/src/platform/config/nodeVersion.ts';\n` +
              `exitUnlessSupportedNode();\nawait import(${JSON.stringify(`./${args.path}`)});\n`,
            resolveDir: root,
            loader: 'js',
          }));
        },
      },
      {
        name: 'npm-packages-external',
        setup(plugin) {
          plugin.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('node:') || packageName(args.path) === '@fu/shared') return undefined;
            external.add(packageName(args.path));
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  if (result.errors.length) throw new Error('server failed to build');
  const declared = new Set(
    ['server', 'shared'].flatMap((folder) =>
      Object.keys(JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')).dependencies ?? {}),
    ),
  );
  const { builtinModules } = await import('node:module');
  const undeclared = [...external].filter((name) => !declared.has(name) && !builtinModules.includes(name));
  if (undeclared.length) {
    throw new Error(
      `The server imports ${undeclared.join(', ')} at run time, but neither server/package.json nor ` +
        `shared/package.json lists it under "dependencies": production installs would miss it.`,
    );
  }
  writeFileSync(stamp, hash);
  console.log(`  server built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** One webpack build that checks nothing but its errors. */
function compile(config, name) {
  const webpack = require('webpack');
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) {
        console.error(stats.toString({ all: false, errors: true, errorDetails: true }));
        return reject(new Error(`${name} failed`));
      }
      resolve();
    });
  });
}

export async function build({ force = false, only } = {}) {
  if (!only || only.includes(server.name)) await buildServer({ force });
  const wanted = apps.filter((app) => !only || only.includes(app.name));
  const stale = wanted.filter((app) => force || !isFresh(app));
  if (stale.length === 0) {
    console.log('Browser apps are up to date.');
    return;
  }
  console.log(`Building ${stale.map((app) => app.name).join(', ')} (production)…`);
  const webpack = require('webpack');
  const factories = stale.map((app) => require(path.join(root, app.folder, 'webpack.config.js')));
  const configs = factories.map((factory) => factory({}, { mode: 'production' }));
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
        const moduleNames = bundledModuleNames(stats);
        const twice = duplicateModules(moduleNames);
        if (twice.length) {
          const list = twice.map((names) => `  ${names.join('  and  ')}`).join('\n');
          return reject(new Error(`${app.name} bundles the same library file twice:\n${list}`));
        }
        const ownRuntime = app.name === 'shell' ? {} : runtimeBundledInRemote(moduleNames);
        if (Object.keys(ownRuntime).length) {
          const list = Object.entries(ownRuntime).map(
            ([pkg, files]) => `  ${pkg} (${files.length} files, e.g. ${files[0]})`,
          );
          return reject(
            new Error(
              `${app.name} bundles federation runtime code it should take from the shell ` +
                `(shell/src/federation/shellRuntime.json, docs/architecture.md):\n${list.join('\n')}`,
            ),
          );
        }
        resolve();
      });
    });
    // Its server build (dist/server), after the browser build, which empties dist/.
    if (factories[index].server)
      await compile(factories[index].server({}, { mode: 'production' }), `${app.name}'s server build`);
    // Before the stamp: a build stopped half-way through its copies is rebuilt next time.
    const compressed = summary(precompress(path.join(root, app.folder, 'dist')));
    writeFileSync(path.join(root, app.folder, 'dist', STAMP), inputHash(app));
    console.log(`  ${app.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s; ${compressed}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  build({ force }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
