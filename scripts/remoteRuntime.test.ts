import { runtimeBundledInRemote } from './remoteRuntime.cjs';

describe('runtimeBundledInRemote', () => {
  it('finds each federation package a remote bundles instead of taking it from the shell', () => {
    const names = [
      '../node_modules/@module-federation/sdk/dist/dom.js',
      '../node_modules/@module-federation/sdk/dist/index.js',
      '../node_modules/@module-federation/webpack-bundler-runtime/dist/remotes.js',
      // Its vendored error codes are still the bundler runtime's files.
      '../node_modules/@module-federation/webpack-bundler-runtime/dist/error-codes/dist/error-codes.js',
      '..\\node_modules\\@module-federation\\error-codes\\dist\\index.mjs',
      '../node_modules/@module-federation/runtime/dist/index.js',
    ];
    expect(runtimeBundledInRemote(names)).toEqual({
      '@module-federation/sdk': [
        '../node_modules/@module-federation/sdk/dist/dom.js',
        '../node_modules/@module-federation/sdk/dist/index.js',
      ],
      '@module-federation/webpack-bundler-runtime': [
        '../node_modules/@module-federation/webpack-bundler-runtime/dist/remotes.js',
        '../node_modules/@module-federation/webpack-bundler-runtime/dist/error-codes/dist/error-codes.js',
      ],
      '@module-federation/error-codes': ['..\\node_modules\\@module-federation\\error-codes\\dist\\index.mjs'],
    });
  });

  it('allows the container’s own @module-federation/runtime, the externals and the remote’s code', () => {
    const names = [
      '../node_modules/@module-federation/runtime/dist/index.js',
      '../node_modules/@module-federation/runtime/dist/utils.js',
      'external global "_FEDERATION_RUNTIME_CORE"',
      'external global "_FEDERATION_BUNDLER_RUNTIME"',
      '../shell/src/federation/useShellRuntime.ts',
      '../node_modules/.federation/entry.6fdf297eb663afa5c57703f8366e1719.js',
      'provide shared module (default) react@19.3.1 = ../node_modules/react/index.js',
      './src/App.tsx',
    ];
    expect(runtimeBundledInRemote(names)).toEqual({});
  });
});
