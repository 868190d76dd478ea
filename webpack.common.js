// One factory for every app (the shell and the four remotes): ts-loader, CSS modules,
// the HTML page, and the federation plugin with the shared singletons.
const fs = require('node:fs');
const path = require('node:path');
const { DefinePlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { CompileHintsPlugin } = require('./scripts/compileHints.cjs');
const { RELEASE_FILE } = require('./scripts/releases.cjs');

const root = __dirname;
const sharedPackage = require('./shared/package.json');
const remoteList = require('@fu/shared/remotes.json');
const shellRuntime = require('./shell/src/federation/shellRuntime.json');

/**
 * Libraries that must exist once on a page: hooks, router context and stores break with two copies.
 * The router is not shared on its own: it reaches every app through '@fu/shared' (shared/src/router.ts).
 * A remote's ranges are strict: on a page whose copy is outside its range the federation runtime
 * throws instead of warning, and the shell shows the remote's Retry fallback (shell/src/federation/
 * remotes.ts) rather than running it on a React it was not built for. This object is also what the
 * build's release.json says (buildManifest): the ranges a remote requires, the versions the shell provides.
 */
function sharedSingletons(appDir, { strict = false } = {}) {
  const deps = require(path.join(appDir, 'package.json')).dependencies;
  const singleton = (requiredVersion, extra = {}) => ({
    singleton: true,
    requiredVersion,
    ...(strict ? { strictVersion: true } : {}),
    ...extra,
  });
  return {
    react: singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    zustand: singleton(deps.zustand),
    '@fu/shared': singleton(`^${sharedPackage.version}`, { version: sharedPackage.version }),
  };
}

/**
 * An installed package's version, as `from` resolves it (federation packages do not export their
 * package.json).
 */
function packageVersion(name, from = root) {
  const entry = require.resolve(name, { paths: [from] });
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    const found = fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8'));
    if (found && found.name === name) return found.version;
  }
  throw new Error(`no package.json of ${name} above ${entry}`);
}

/**
 * The version of the federation runtime: the libraries the shell provides and the per-container
 * @module-federation/runtime a remote keeps. They are released together; a remote checks the major.
 */
function federationRuntimeVersion() {
  const names = [...Object.keys(shellRuntime.libraries), '@module-federation/runtime'];
  const versions = new Set(names.map((name) => packageVersion(name)));
  if (versions.size > 1) throw new Error(`${names.join(', ')} must be one version, found ${[...versions].join(', ')}`);
  return [...versions][0];
}

/**
 * A deployed remote runs on the shell's federation runtime (shell/src/federation/shellRuntime.json):
 * the libraries the shell provides are read from the page's globals, and the bundler runtime's entry
 * is replaced by one that keeps the container's own @module-federation/runtime (it holds the
 * container's instance) and checks the shell's runtime first. scripts/build.mjs fails the build if
 * any other federation package is bundled.
 */
function onShellRuntime() {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced'));
  // The file the generated container entry imports (enhanced's FederationRuntimePlugin resolves it so).
  const bundlerEntry = require.resolve('@module-federation/webpack-bundler-runtime/bundler', { paths: [enhanced] });
  return {
    externals: Object.fromEntries(
      Object.entries(shellRuntime.libraries).map(([library, global]) => [library, `global ${global}`]),
    ),
    alias: { [bundlerEntry]: path.join(root, 'shell/src/federation/useShellRuntime.ts') },
  };
}

/** Reaches a remote inside the shell's @fu/shared (not a share of its own), so a remote still needs its range. */
const ROUTER = 'react-router-dom';
/** The federation runtime a deployed remote runs on: the shell's (shell/src/federation/shellRuntime.json). */
const FEDERATION_RUNTIME = '@module-federation/runtime';

/**
 * What an app's build says about the page's singletons (a BuildManifest, shared/src/releases.ts):
 * a remote `requires` the ranges of its `shared` config, its router's range and the shell's
 * federation runtime in the major it was built with (the check checkShellRuntime.ts makes at run
 * time); the shell `provides` the installed versions of the same libraries.
 * @param {object} build
 * @param {string} build.app      'shell' or the remote's federation name
 * @param {string} build.dir      the app's folder
 * @param {boolean} build.isRemote
 * @param {Record<string, {requiredVersion: string, version?: string}>} build.shared  its sharedSingletons()
 */
function buildManifest({ app, dir, isRemote, shared }) {
  const runtimeVersion = federationRuntimeVersion();
  if (isRemote) {
    const deps = require(path.join(dir, 'package.json')).dependencies;
    const requires = Object.fromEntries(Object.entries(shared).map(([name, config]) => [name, config.requiredVersion]));
    requires[ROUTER] = deps[ROUTER];
    requires[FEDERATION_RUNTIME] = `^${runtimeVersion.split('.')[0]}.0.0`;
    return { app, requires, provides: {} };
  }
  const provides = Object.fromEntries(
    [...Object.keys(shared), ROUTER].map((name) => [name, shared[name]?.version ?? packageVersion(name, dir)]),
  );
  provides[FEDERATION_RUNTIME] = runtimeVersion;
  return { app, requires: {}, provides };
}

/**
 * Writes the build's manifest as dist/release.json. At the report stage, after the shell's service
 * worker has listed what it precaches: a page never fetches it.
 */
class BuildManifestPlugin {
  constructor(manifest) {
    this.manifest = manifest;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(BuildManifestPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: BuildManifestPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => compilation.emitAsset(RELEASE_FILE, new sources.RawSource(`${JSON.stringify(this.manifest, null, 2)}\n`)),
      );
    });
  }
}

function htmlPage(title) {
  return new HtmlWebpackPlugin({
    template: path.join(root, 'shared/src/index.html'),
    title,
    hash: true,
    // The page is served at the origin root even on deep links (its own router's routes).
    publicPath: '/',
    favicon: path.join(root, 'shared/src/assets/favicon.svg'),
  });
}

/**
 * An app's message catalog (src/i18n/<language>.json, docs/i18n.md), compiled to what @lingui/core
 * formats without its parser (scripts/catalogLoader.cjs, shared/src/i18n/compileCatalog.cjs).
 */
const CATALOG_RULE = {
  test: /[\\/]src[\\/]i18n[\\/][a-z]{2}\.json$/,
  type: 'javascript/auto',
  loader: path.join(root, 'scripts/catalogLoader.cjs'),
};

/**
 * @param {object} app
 * @param {string} app.dir        the app's folder
 * @param {string} app.name       federation name (shell, ordering, checkout, tickets, fundraiser)
 * @param {number} app.port       dev-server port
 * @param {string} app.title      HTML title
 * @param {Record<string,string>} [app.exposes]  a remote's exposed modules (createRemoteConfig)
 */
function createConfig({ dir, name, port, title, exposes }) {
  const isRemote = Boolean(exposes);
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // A deployed remote is only its remoteEntry and chunks, run on the shell's federation runtime.
    // In development a remote is also a page of its own (webpack serve), so it keeps its runtime.
    const federatedOnly = isRemote && production;
    const shellRuntimeUse = federatedOnly ? onShellRuntime() : { externals: {}, alias: {} };
    // One object for the federation plugin and the build's release.json.
    const shared = sharedSingletons(dir, { strict: isRemote });
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: federatedOnly ? {} : './src/index.ts',
      // Production publishes no source maps: a .map beside the bundle hands anyone the original source.
      // To read a production stack trace, rebuild locally with devtool 'source-map'; never deploy the maps.
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes load their chunks from wherever their entry was served; the shell is always at /.
        publicPath: isRemote ? 'auto' : '/',
        // Entry files keep stable names (the federation runtime needs that); HTML adds a cache-busting hash.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
        // Spec §9: page code chunks load with a 120-second timeout.
        chunkLoadTimeout: 120_000,
        crossOriginLoading: 'anonymous',
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        alias: shellRuntimeUse.alias,
      },
      externals: shellRuntimeUse.externals,
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'ts-loader',
            // Type errors are caught by `tsc -b` in the test command; builds stay fast.
            options: { transpileOnly: true, configFile: path.join(root, 'tsconfig.build.json') },
          },
          {
            test: /\.css$/,
            use: [
              'style-loader',
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    auto: true,
                    namedExport: false,
                    localIdentName: production ? '[hash:base64:6]' : '[name]__[local]',
                  },
                },
              },
            ],
          },
          { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset' },
          CATALOG_RULE,
          // disableSnapshot leaves the core's snapshot handler in: scripts/snapshotOff.cjs takes it out.
          {
            test: /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]core\.js$/,
            loader: path.join(root, 'scripts/snapshotOff.cjs'),
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: isRemote ? remoteList.entryFile : undefined,
          exposes,
          // The shell registers remotes at run time from /runtime-config.json: none are baked in.
          remotes: {},
          shared,
          manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
          dts: false,
          // The runtime ships once per page: the shell provides it (this plugin), deployed remotes use it
          // (onShellRuntime). It replaces enhanced's provideExternalRuntime/externalRuntime pair, which
          // shares the runtime core only, so each remote entry still carried the rest (23 → 11 KB raw).
          runtimePlugins: isRemote ? [] : [path.join(root, 'shell/src/federation/provideShellRuntime.ts')],
          experiments: {
            // Remotes are registered by their remoteEntry.js URL, so the manifest snapshot code is dead weight.
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        new DefinePlugin({
          FU_FEDERATION_NAME: JSON.stringify(name),
          FU_FEDERATION_RUNTIME_VERSION: JSON.stringify(federationRuntimeVersion()),
        }),
        ...(federatedOnly ? [] : [htmlPage(title)]),
        ...(production ? [new BuildManifestPlugin(buildManifest({ app: name, dir, isRemote, shared }))] : []),
        // The shell's service worker (shell/webpack.config.js) keeps V8's lazy compiling.
        ...(production ? [new CompileHintsPlugin({ exclude: /^sw\.js$/ })] : []),
      ],
      performance: { hints: false },
      devServer: {
        port,
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          {
            context: ['/api', '/runtime-config.json', '/images'],
            target: process.env.API_URL || 'http://localhost:8080',
          },
        ],
      },
    };
  };
}

/**
 * A remote's config from its entry in shared/src/remotes.json (found by its folder): its
 * federation name, the modules it exposes and its dev-server port.
 * @param {object} app
 * @param {string} app.dir    the remote's folder
 * @param {string} app.title  HTML title of its standalone development page
 */
function createRemoteConfig({ dir, title }) {
  const entry = Object.entries(remoteList.remotes).find(([, remote]) => remote.folder === path.basename(dir));
  if (!entry) throw new Error(`${path.basename(dir)} is not in shared/src/remotes.json`);
  const [name, remote] = entry;
  return createConfig({
    dir,
    name,
    port: Number(process.env[remote.portEnv] || remote.port),
    title,
    // Its App, and each lazy page the App imports: exposed too so its chunk is in the manifest.
    exposes: {
      [remote.exposes]: remote.exposedFile,
      ...Object.fromEntries(Object.entries(remote.lazyPages ?? {}).map(([name, page]) => [name, page.file])),
    },
  });
}

/** Where an app's server build goes, beside its browser build (so a release folder carries both). */
const SERVER_BUILD_DIR = 'server';
/** The server build's one file: what the API's render worker loads (server/src/pages/render/renderWorker.ts). */
const SERVER_BUILD_FILE = 'first-screens.cjs';

/**
 * The page's singletons, which a remote's server build takes from the shell's as its browser build
 * does (sharedSingletons); a subpath of @fu/shared (an asset, pure rules) is its own, as in the browser.
 */
const isSingletonRequest = (request) => ['react', 'react-dom', 'zustand', '@fu/shared'].includes(request);

/**
 * An app's server build (dist/server/first-screens.cjs): its pages' first screens as React renders
 * them on the server, one CommonJS file for Node. The shell's bundles React, the router and
 * @fu/shared and provides them; a remote's takes them from the shell's (its `require`), as in the
 * browser, so one React and one router context render the whole page. CSS modules give the class
 * names the browser build makes, and their rules to the build's `css()` (scripts/serverCssLoader.cjs)
 * for the page's head: the served page is styled before the remote's script arrives.
 * @param {object} app
 * @param {string} app.dir    the app's folder
 * @param {string} app.name   federation name
 * @param {string} app.entry  the server entry, relative to the app's folder
 */
function createServerConfig({ dir, name, entry }) {
  const isRemote = name !== 'shell';
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      target: 'node22',
      entry: { main: entry },
      devtool: false,
      output: {
        path: path.join(dir, 'dist', SERVER_BUILD_DIR),
        filename: SERVER_BUILD_FILE,
        library: { type: 'commonjs2' },
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      externals: isRemote
        ? [
            ({ request }, callback) =>
              isSingletonRequest(request) ? callback(null, `commonjs ${request}`) : callback(),
          ]
        : [],
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'ts-loader',
            options: { transpileOnly: true, configFile: path.join(root, 'tsconfig.build.json') },
          },
          {
            test: /\.css$/,
            use: [
              path.join(root, 'scripts/serverCssLoader.cjs'),
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    auto: true,
                    namedExport: false,
                    localIdentName: production ? '[hash:base64:6]' : '[name]__[local]',
                  },
                },
              },
            ],
          },
          { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset' },
          CATALOG_RULE,
        ],
      },
      plugins: [
        // One file: a page's lazy parts are in it, so the server waits for no chunk.
        new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 }),
        new DefinePlugin({
          FU_FEDERATION_NAME: JSON.stringify(name),
          FU_FEDERATION_RUNTIME_VERSION: JSON.stringify(federationRuntimeVersion()),
        }),
      ],
      // Read on the server, never downloaded: kept readable for its stack traces.
      optimization: { minimize: false },
      performance: { hints: false },
    };
  };
}

module.exports = {
  createConfig,
  createRemoteConfig,
  createServerConfig,
  sharedSingletons,
  buildManifest,
  BuildManifestPlugin,
  SERVER_BUILD_DIR,
  SERVER_BUILD_FILE,
};
