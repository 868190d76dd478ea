// Stands in for @module-federation/webpack-bundler-runtime's entry in a deployed remote's build
// (webpack.common.js aliases it). The generated container entry copies this object's keys onto its
// own `__webpack_require__.federation`, so each container still gets its own object: its own
// @module-federation/runtime (which keeps the container's instance and build id, so it cannot be
// shared) and its own options, with the bundler runtime's functions from the shell. Those functions
// keep no state of their own: each reads and writes only the `webpackRequire` it is called with (but
// for init's fallback for tree-shaken shared modules, which this site does not configure).
import './checkShellRuntime';
import * as runtime from '@module-federation/runtime';
import { attachShareScopeMap, bundlerRuntime, type Federation } from '@module-federation/webpack-bundler-runtime';

const federation: Federation = {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime,
  attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

export default federation;
