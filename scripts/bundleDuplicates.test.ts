import { duplicateModules } from './bundleDuplicates.cjs';

describe('duplicateModules', () => {
  it('finds a package file bundled as CommonJS and as ES modules', () => {
    const names = [
      '../node_modules/@module-federation/runtime-core/dist/core.cjs',
      '../node_modules/@module-federation/runtime-core/dist/core.js',
      '../node_modules/@module-federation/error-codes/dist/index.cjs',
      '../node_modules/@module-federation/error-codes/dist/index.mjs',
      '../node_modules/react/cjs/react.production.js',
      './src/App.tsx',
    ];
    expect(duplicateModules(names)).toEqual([
      [
        '../node_modules/@module-federation/runtime-core/dist/core.cjs',
        '../node_modules/@module-federation/runtime-core/dist/core.js',
      ],
      [
        '../node_modules/@module-federation/error-codes/dist/index.cjs',
        '../node_modules/@module-federation/error-codes/dist/index.mjs',
      ],
    ]);
  });

  it('leaves different files, different packages and an app’s own code alone', () => {
    const names = [
      '../node_modules/@module-federation/error-codes/dist/error-codes.mjs',
      // A copy vendored inside another package is that package's file, not a second build.
      '../node_modules/@module-federation/webpack-bundler-runtime/dist/error-codes/dist/error-codes.js',
      '../node_modules/react-dom/cjs/react-dom-client.production.js',
      '../node_modules/react-dom/cjs/react-dom.production.js',
      './src/index.ts',
      './src/index.ts',
      '../node_modules/react/index.js',
      'provide shared module (default) react@19.3.1 = ../node_modules/react/index.js',
    ];
    expect(duplicateModules(names)).toEqual([]);
  });
});
