const path = require('node:path');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createConfig, createServerConfig } = require('../webpack.common');

const shellConfig = createConfig({
  dir: __dirname,
  name: 'shell',
  port: Number(process.env.SHELL_DEV_PORT || 3000),
  title: 'Fundraising University',
});

// The offline wallet's service worker (shell/src/sw) is built with the production shell only: in
// development it would cache the dev server's hot-reloaded code.
module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  if (argv.mode === 'development') return config;
  // Each of the shell's async chunks loads whole on every page (its bootstrap; the @fu/shared it
  // provides, with the axios and router code only it imports): a separate vendors chunk beside it was
  // one more request and a split gzip context (0.4 KB gz on '/'). Modules two chunks use are still
  // split out by the default group.
  config.optimization = {
    ...config.optimization,
    splitChunks: { ...config.optimization?.splitChunks, cacheGroups: { defaultVendors: false } },
  };
  config.plugins.push(
    new InjectManifest({
      swSrc: path.join(__dirname, 'src/sw/service-worker.ts'),
      swDest: 'sw.js',
      // Source maps and the federation's own manifest are never fetched by a page.
      exclude: [/\.map$/, /\.LICENSE\.txt$/],
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    }),
  );
  return config;
};
// The shell's server build: its layout around a remote's page, with the React, router and @fu/shared
// it provides to the remotes' server builds (server/src/pages/render/renderWorker.ts).
module.exports.server = createServerConfig({ dir: __dirname, name: 'shell', entry: './src/server/firstScreen.tsx' });
