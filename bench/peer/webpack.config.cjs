// The one-app peer (issue 20): the same pages as the federated site, built as ONE ordinary webpack
// app. It is the shell's production config (shell/webpack.config.js, so webpack.common.js: loaders,
// HTML page, service worker, chunk names) with these changes and no other:
// - no ModuleFederationPlugin;
// - '@module-federation/runtime', which the shell's loader imports (shell/src/federation/remotes.ts),
//   is bench/peer/runtime.ts, which imports each remote's App as a lazy chunk of this build (one
//   chunk per remote, loaded on its route, like the real site);
// - the entry is the shell's bootstrap, not its index.ts: index.ts is only the async boundary where
//   federation negotiates the shared singletons, which an ordinary app does not have;
// - its page carries <meta name="fu-loads-remotes" content="no">, so the server hints no remote files.
// `npx webpack -c bench/peer/webpack.config.cjs` builds it into bench/peer/dist; the bench builds it
// on every run (bench/src/peer.ts).
const { readFileSync } = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const shellConfig = require('../../shell/webpack.config.js');

const root = path.resolve(__dirname, '..', '..');
const shellSrc = path.join(root, 'shell', 'src');

/**
 * Starting at bootstrap is fair only while index.ts does nothing but cross the boundary: if it ever
 * does more, the peer must run that too, so the build stops here rather than measure another app.
 */
function assertBoundaryOnly() {
  const code = readFileSync(path.join(shellSrc, 'index.ts'), 'utf8')
    .replace(/\/\/.*$/gm, '')
    .replace(/\s+/g, '');
  if (code !== "import('./bootstrap');") {
    throw new Error('shell/src/index.ts does more than import ./bootstrap: update bench/peer/webpack.config.cjs');
  }
}

/** @param {{ outDir?: string }} [env] */
module.exports = (env = {}) => {
  assertBoundaryOnly();
  const config = shellConfig({}, { mode: 'production' });
  const plugins = config.plugins.filter((plugin) => !(plugin instanceof ModuleFederationPlugin));
  if (plugins.length !== config.plugins.length - 1) {
    throw new Error('The shell config no longer has exactly one ModuleFederationPlugin: update the peer');
  }
  // The page says it loads no remotes, so the server hints none of their files to it (the inline
  // config and the first API calls it still gets, like the federated page).
  for (const plugin of plugins.filter((candidate) => candidate instanceof HtmlWebpackPlugin)) {
    plugin.options.meta = { ...plugin.options.meta, 'fu-loads-remotes': 'no' };
  }
  return {
    ...config,
    entry: path.join(shellSrc, 'bootstrap.tsx'),
    output: { ...config.output, path: env.outDir ?? path.join(__dirname, 'dist'), uniqueName: 'peer' },
    resolve: {
      ...config.resolve,
      alias: {
        ...config.resolve.alias,
        '@module-federation/runtime$': path.join(__dirname, 'runtime.ts'),
      },
    },
    module: {
      ...config.module,
      // A runtime function the shell starts to use and the stand-in lacks fails the build, not the page.
      parser: { ...config.module.parser, javascript: { exportsPresence: 'error' } },
    },
    plugins,
  };
};
